/**
 * Account validation rules with the exact messages of docs/product.md (§5). Pure: the forms check with these before
 * sending, and the server checks again with the same rules.
 */
import { isCommonPassword } from './common-passwords.ts';

export const AUTH_MESSAGES = {
  loginRequired: 'Both email and password are required',
  invalidEmail: 'Invalid email format',
  nameRequired: 'Full name is required',
  emailRequired: 'Email is required',
  invalidPhone: 'Invalid phone number format. Format should be (XXX) XXX-XXXX',
  passwordRule: 'Password must be at least 6 characters and include a number, a letter, and a special character',
  commonPassword: 'This password is too common. Choose one that is harder to guess.',
  passwordTooLong: 'Password must be at most 128 characters',
  termsRequired: 'You must accept the terms and conditions',
  codeRequired: 'Confirmation code is required',
  forgotRequired: 'Email or phone number is required.',
  forgotInvalidEmail: 'Invalid email format.',
  forgotInvalidPhone: 'Invalid phone number. Enter 10-15 digits only.',
  resetFieldsRequired: 'Please fill out all fields.',
  incorrectCredentials: 'Incorrect Credentials',
  loginFailed: 'Failed to log in. Please check your credentials and try again.',
  codeIncorrect: 'Confirmation code is incorrect',
  confirmFailed: 'Failed to confirm code. Please try again.',
  resendFailed: 'Failed to resend confirmation code. Please try again later.',
  forgotFailed: 'Failed to process your request.',
  forgotException: 'Failed to send reset password request. Please try again.',
  resetFailed: 'Failed to reset password. Please try again.',
  resetSuccess: 'Password reset successful! Redirecting to login...',
  signupFailed: 'Failed to sign up. Please try again.',
  passwordMismatch: 'New password and confirmation do not match',
  passwordTooShort: 'Password should be at least 6 characters long',
  sendCodeFailed: 'Failed to send the reset code. Please try again.',
  genericError: 'An error occurred. Please try again.',
  changePasswordFailed: 'An error occurred while changing the password. Please try again later.',
  changePasswordSuccess: 'Password changed successfully. You can now log in with your new password.',
  loadMethodsFailed: 'Failed to load notification methods.',
  updateMethodFailed: 'Failed to update notification method.',
  saveMethodFailed: 'Failed to save notification method.',
  methodUpdated: 'Notification method updated successfully!',
  deleteFailed: 'Failed to delete user',
  deleted: 'User deleted successfully',
} as const;

export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
export const CODE_LENGTH = 6;
/** Unambiguous characters: no 0/O or 1/I/L (docs/product.md §4.7). 31^6 ≈ 887 million codes. */
export const CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const US_PHONE = /^\(\d{3}\) \d{3}-\d{4}$/;

export const isValidEmail = (email: string): boolean => email.length <= 254 && EMAIL.test(email.trim());
export const isFormattedUsPhone = (phone: string): boolean => US_PHONE.test(phone);

/** The password rule of sign-up and reset; null when the password is acceptable. */
export function passwordProblem(password: string): string | null {
  if (password.length > PASSWORD_MAX) return AUTH_MESSAGES.passwordTooLong;
  const ok =
    password.length >= PASSWORD_MIN && /[A-Za-z]/.test(password) && /\d/.test(password) && /[@$!%*?&]/.test(password);
  if (!ok) return AUTH_MESSAGES.passwordRule;
  if (isCommonPassword(password)) return AUTH_MESSAGES.commonPassword;
  return null;
}

/** Digits only, as sent to the server. */
export const phoneDigits = (phone: string): string => phone.replace(/\D/g, '');

/** Formats what is typed into (XXX) XXX-XXXX as the user goes. */
export function formatPhoneInput(raw: string): string {
  const d = phoneDigits(raw).slice(0, 10);
  if (d.length === 0) return '';
  if (d.length <= 3) return `(${d}`;
  if (d.length <= 6) return `(${d.slice(0, 3)}) ${d.slice(3)}`;
  return `(${d.slice(0, 3)}) ${d.slice(3, 6)}-${d.slice(6)}`;
}

/** E.164 for storage: ten digits are a US number; 11-15 digits already carry a country code. */
export function toE164(phone: string): string | null {
  const d = phoneDigits(phone);
  if (d.length === 10) return `+1${d}`;
  if (d.length >= 11 && d.length <= 15) return `+${d}`;
  return null;
}

export type ContactMethod = 'email' | 'phone';

export interface SignupInput {
  name: string;
  email: string;
  phone: string;
  password: string;
  messagePreference: ContactMethod;
  termsAccepted: boolean;
}

/** Field errors of the sign-up form, keyed by field. */
export function validateSignup(input: SignupInput): Partial<Record<keyof SignupInput, string>> {
  const errors: Partial<Record<keyof SignupInput, string>> = {};
  if (!input.name.trim()) errors.name = AUTH_MESSAGES.nameRequired;
  if (!input.email.trim()) errors.email = AUTH_MESSAGES.emailRequired;
  else if (!isValidEmail(input.email)) errors.email = AUTH_MESSAGES.invalidEmail;
  // The intended rule: a phone is required, in (XXX) XXX-XXXX, when texts are the contact method.
  if (input.messagePreference === 'phone' && !isFormattedUsPhone(input.phone))
    errors.phone = AUTH_MESSAGES.invalidPhone;
  else if (input.phone && !isFormattedUsPhone(input.phone)) errors.phone = AUTH_MESSAGES.invalidPhone;
  const password = passwordProblem(input.password);
  if (password) errors.password = password;
  if (!input.termsAccepted) errors.termsAccepted = AUTH_MESSAGES.termsRequired;
  return errors;
}

export function validateLogin(email: string, password: string): string | null {
  if (!email.trim() || !password) return AUTH_MESSAGES.loginRequired;
  if (!isValidEmail(email)) return AUTH_MESSAGES.invalidEmail;
  return null;
}

export function validateForgot(email: string, phone: string): string | null {
  if (!email.trim() && !phone.trim()) return AUTH_MESSAGES.forgotRequired;
  if (email.trim() && !isValidEmail(email)) return AUTH_MESSAGES.forgotInvalidEmail;
  if (phone.trim() && !/^\d{10,15}$/.test(phoneDigits(phone))) return AUTH_MESSAGES.forgotInvalidPhone;
  return null;
}

/** Spaces and dashes readers type or paste inside a code ("JDC F8T", "JDC-F8T"): no code character is one. */
const CODE_SEPARATORS = /[\s\p{Pd}]+/gu;

/** Codes are case-insensitive and read with the spaces and dashes inside them ignored (docs/product.md §4.7). */
export const normalizeCode = (code: string): string => code.replace(CODE_SEPARATORS, '').toUpperCase();

const POSSIBLE_CODE = new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`);

/** Whether a code, once normalised, could be one the site sent: a code that cannot be right costs no try. */
export const isPossibleCode = (code: string): boolean => POSSIBLE_CODE.test(normalizeCode(code));

/** What a code box keeps of what was typed or pasted: the code's characters, in capitals, at most a code long. */
export const codeEntry = (typed: string): string => normalizeCode(typed).slice(0, CODE_LENGTH);
