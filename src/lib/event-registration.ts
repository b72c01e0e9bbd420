/**
 * The webinar registration form's rules and texts (002 §2, §5, §8). Pure:
 * the form checks with these before sending and the server checks again
 * with the same rules.
 */
import { isValidEmail, phoneDigits } from './validation.ts';

export const REGISTRATION_TEXT = {
  missingIds: 'Missing form or zoom ID',
  success: 'Registration Successful!',
  ended: 'The webinar has ended. Please check back shortly — the archived video will be available soon.',
  failed: (message: string) => `Registration failed: ${message}`,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email format',
  phoneRequired: 'Phone is required',
  invalidPhone: 'Phone must have 10 to 15 digits',
  companyRequired: 'Company name is required',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
} as const;

/** How a registrant wants the 24-hour and 1-hour reminders. */
export const REMINDER_CHOICES = ['email', 'sms', 'both', 'none'] as const;
export type ReminderChoice = (typeof REMINDER_CHOICES)[number];
export const REMINDER_LABELS: Record<ReminderChoice, string> = {
  email: 'By email',
  sms: 'By text message',
  both: 'Both',
  none: 'No reminders',
};

export const REGISTRATION_LIMITS = {
  first_name: 100,
  last_name: 100,
  email: 254,
  company_name: 150,
  job_title: 100,
} as const;

export interface RegistrationInput {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  company_name: string;
  job_title: string;
}

export type RegistrationErrors = Partial<Record<keyof RegistrationInput, string>>;

const LABELS: Record<keyof typeof REGISTRATION_LIMITS, string> = {
  first_name: 'First name',
  last_name: 'Last name',
  email: 'Email',
  company_name: 'Company name',
  job_title: 'Job title',
};

/** A phone has 10 to 15 digits once spaces, dashes, dots and brackets are left out. */
export const isValidPhone = (phone: string): boolean =>
  /^[0-9()+\-.\s]{10,30}$/.test(phone.trim()) && /^\d{10,15}$/.test(phoneDigits(phone));

/** The form's field errors, keyed by field; empty when it may be sent. */
export function validateRegistration(input: RegistrationInput): RegistrationErrors {
  const errors: RegistrationErrors = {};
  const required: [keyof RegistrationInput, string][] = [
    ['first_name', REGISTRATION_TEXT.firstNameRequired],
    ['last_name', REGISTRATION_TEXT.lastNameRequired],
    ['email', REGISTRATION_TEXT.emailRequired],
    ['phone', REGISTRATION_TEXT.phoneRequired],
    ['company_name', REGISTRATION_TEXT.companyRequired],
  ];
  for (const [field, message] of required) if (!input[field].trim()) errors[field] = message;
  for (const [field, max] of Object.entries(REGISTRATION_LIMITS) as [keyof typeof REGISTRATION_LIMITS, number][]) {
    if (!errors[field] && input[field].trim().length > max)
      errors[field] = REGISTRATION_TEXT.tooLong(LABELS[field], max);
  }
  if (!errors.email && !isValidEmail(input.email)) errors.email = REGISTRATION_TEXT.invalidEmail;
  if (!errors.phone && !isValidPhone(input.phone)) errors.phone = REGISTRATION_TEXT.invalidPhone;
  return errors;
}

/** The registration page's address for an event (every Register link leads here). */
export const registrationPath = (formId: string, zoomId: string) =>
  `/events/form/${encodeURIComponent(formId)}/${encodeURIComponent(zoomId)}`;
