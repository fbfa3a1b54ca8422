import type { CustomerProfile, User } from '@cocoa/shared-types';
import type { SessionUser } from '../common/session-user';
import type { UserEntity } from './user.entity';

/** What a request keeps of its user (req.user). */
export function toSessionUser(user: UserEntity): SessionUser {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
  };
}

/** userSchema: GET /api/user, POST /api/login, POST /api/register. */
export function toUserResponse(user: SessionUser): User {
  return {
    id: user.id,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
  };
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
