import { addressProblems } from '../address';
import { profileUpdateSchema } from './auth.schema';

/**
 * PATCH /api/me/customer as the account form and the API check it: the profile update, and its
 * region and postcode as the country's rules want them (address.ts). An account's address may be
 * half filled in, so only what is given is checked, and only when the country is given with it.
 * Apart from auth.schema.ts, so that the sign-in pages do not load the regions' data.
 */
export const profileAddressUpdateSchema = profileUpdateSchema.superRefine((data, ctx) => {
  if (!data.country) return;
  for (const problem of addressProblems({ country: data.country, state: data.state, zipCode: data.zipCode }, true)) {
    ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  }
});
