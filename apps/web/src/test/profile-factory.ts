/** Test data: the logged-in user's profile as `GET /api/user/profile` sends it. */
import type { Profile } from '@streethunt/shared';

export function buildProfile(overrides: Partial<Profile> = {}): Profile {
  return {
    _id: 'u1',
    userId: 'u1',
    firstName: 'דנה',
    lastName: 'Levi',
    email: 'dana@example.com',
    phone: '050-1234567',
    role: 'user',
    language: 'he',
    isSelfPayment: false,
    createdAt: '2025-01-01T00:00:00.000Z',
    affiliateCode: 'ABCD2345',
    ...overrides,
  };
}
