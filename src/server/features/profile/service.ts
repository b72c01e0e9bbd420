/** The signed-in user's profile (docs/product.md §18.3): name, phone and how messages reach them. */
import { phoneDigits, toE164, type ContactMethod } from '../../../lib/validation.ts';
import type { Db } from '../../platform/db/client.ts';
import { forbidden, invalid } from '../../platform/errors.ts';
import {
  checkName,
  parseContactMethod,
  publicUser,
  saveMessagePreference,
  saveNameAndPhone,
  type UserRow,
} from '../accounts/index.ts';

export interface Profile {
  name: string;
  phone_number: string;
  email: string;
  profile_picture_url: string | null;
}

export function profileOf(user: UserRow): Profile {
  return { name: user.name, phone_number: publicUser(user).phone_number, email: user.email, profile_picture_url: null };
}

export async function updateProfile(
  db: Db,
  user: UserRow,
  input: { name?: string; phone_number?: string },
): Promise<Profile> {
  const name = input.name === undefined ? user.name : input.name.trim();
  checkName(name);
  let phone = user.phone;
  if (input.phone_number !== undefined) {
    const raw = input.phone_number.trim();
    if (!raw) phone = null;
    else {
      const digits = phoneDigits(raw);
      if (/[^\d\s()+.-]/.test(raw) || digits.length < 10 || digits.length > 15) {
        throw invalid('Invalid phone number. Enter 10-15 digits.');
      }
      phone = toE164(digits);
    }
  }
  if (!phone && user.messagePreference === 'phone') {
    throw invalid('A phone number is needed while text messages are your notification method.');
  }
  const updated = await saveNameAndPhone(db, user.id, { name, phone });
  return profileOf(updated!);
}

export async function setMessagePreference(db: Db, user: UserRow, value: string): Promise<ContactMethod> {
  if (user.googleSubject !== null) throw forbidden('Google accounts cannot change the notification method.');
  const method = parseContactMethod(value);
  if (method === 'phone' && !user.phone) throw invalid('Add a phone number to your profile to get text messages.');
  await saveMessagePreference(db, user.id, method);
  return method;
}
