import type { CustomerProfile, User } from '@cocoa/shared-types';
import { pick } from '../common/pick';
import type { SessionUser } from '../common/session-user';
import type { UserEntity } from './user.entity';

/** The user's fields a request keeps (req.user) and the API answers: never the password hash or the address. */
const USER_FIELDS = ['id', 'username', 'email', 'firstName', 'lastName', 'isAdmin'] as const;

/** What a request keeps of its user (req.user). */
export function toSessionUser(user: UserEntity): SessionUser {
  return pick(user, ...USER_FIELDS);
}

/** userSchema: GET /api/user, POST /api/login, POST /api/register. */
export function toUserResponse(user: SessionUser): User {
  return pick(user, ...USER_FIELDS);
}

/** customerProfileSchema: GET/PATCH /api/me/customer, built from the user's own fields. */
export function toCustomerProfileResponse(user: UserEntity): CustomerProfile {
  return {
    emailAddress: user.email,
    givenName: user.firstName,
    familyName: user.lastName,
    phoneNumber: user.phone,
    address: {
      line1: user.address,
      city: user.city,
      state: user.state,
      postalCode: user.zipCode,
      country: user.country,
    },
  };
}
