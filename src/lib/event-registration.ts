/**
 * The webinar registration form's rules and texts (docs/product.md §12.3, §5.8, §20.4). Pure:
 * the form checks with these before sending and the server checks again
 * with the same rules.
 */
import { hasDirectionControls } from './names.ts';
import { isValidEmail, phoneDigits } from './validation.ts';

export const REGISTRATION_TEXT = {
  missingIds: 'Missing form or zoom ID',
  success: 'Registration Successful!',
  ended: 'The webinar has ended. Please check back shortly — the archived video will be available soon.',
  endedWithReplay: 'The webinar has ended. Its replay is ready to watch.',
  failed: (message: string) => `Registration failed: ${message}`,
  firstNameRequired: 'First name is required',
  lastNameRequired: 'Last name is required',
  emailRequired: 'Email is required',
  invalidEmail: 'Invalid email format',
  phoneRequired: 'Phone is required',
  invalidPhone: 'Phone must have 10 to 15 digits',
  companyRequired: 'Company name is required',
  tooLong: (label: string, max: number) => `${label} must be at most ${max} characters`,
  noLinks: (label: string) => `${label} cannot contain a web address`,
  noDirectionControls: (label: string) => `${label} cannot contain text-direction control characters`,
  textNeedsUsPhone: 'Text reminders go to US and Canadian numbers only: choose email reminders or enter such a number',
} as const;

/** Webinars are booked for an hour unless staff say otherwise. */
export const WEBINAR_MINUTES = 60;

/** Whether a webinar is over (archived, or an hour past its start): registration is closed then. */
export const webinarHasEnded = (archived: boolean, startsAt: number, now: number): boolean =>
  archived || startsAt + WEBINAR_MINUTES * 60_000 <= now;

/** Text that reads as a web address: names go into emails, where a link would lend our name to anyone's. */
const LINK_LIKE_PATTERN = /(https?:|www\.|:\/\/|\b[a-z0-9-]+\.(com|net|org|io|co|info|biz|xyz|ru|cn|ly|me|app)\b)/i;

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

export const looksLikeLink = (text: string): boolean => LINK_LIKE_PATTERN.test(text);

/** What is wrong with a name-like field's text beyond its length: a web address or text-direction controls. */
export function nameProblem(text: string, label: string): string | null {
  if (looksLikeLink(text)) return REGISTRATION_TEXT.noLinks(label);
  if (hasDirectionControls(text)) return REGISTRATION_TEXT.noDirectionControls(label);
  return null;
}

/** A phone has 10 to 15 digits once spaces, dashes, dots and brackets are left out. */
export const isValidPhone = (phone: string): boolean => {
  const digits = phoneDigits(phone);
  // Beyond ten digits the number carries its country code, which never starts with 0 ('020 …' is a local number).
  return (
    /^[0-9()+\-.\s]{10,30}$/.test(phone.trim()) &&
    /^\d{10,15}$/.test(digits) &&
    (digits.length === 10 || digits[0] !== '0')
  );
};

/** Whether text reminders can go to a number: US and Canadian ones (ten digits, or eleven starting with 1). */
export const textableUsPhone = (phone: string): boolean => {
  const digits = phoneDigits(phone);
  return digits.length === 10 || (digits.length === 11 && digits.startsWith('1'));
};

/** The form's field errors, keyed by field; empty when it may be sent. */
export function validateRegistration(
  input: RegistrationInput,
  reminders: ReminderChoice = 'email',
): RegistrationErrors {
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
  for (const field of ['first_name', 'last_name', 'company_name', 'job_title'] as const) {
    const problem = errors[field] ? null : nameProblem(input[field], LABELS[field]);
    if (problem) errors[field] = problem;
  }
  if (!errors.email && !isValidEmail(input.email)) errors.email = REGISTRATION_TEXT.invalidEmail;
  if (!errors.phone && !isValidPhone(input.phone)) errors.phone = REGISTRATION_TEXT.invalidPhone;
  if (!errors.phone && (reminders === 'sms' || reminders === 'both') && !textableUsPhone(input.phone))
    errors.phone = REGISTRATION_TEXT.textNeedsUsPhone;
  return errors;
}

/** A registration form id: what /events/form/{form_id}/{zoom_id} carries first. */
const FORM_ID_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;
/** A Zoom webinar's number: what a registration link carries second. */
export const ZOOM_ID_PATTERN = /^\d{6,15}$/;
/** A registration link, on any site or as a path: its first segment after /events/form/ is the form id. */
const REGISTRATION_LINK_PATTERN = /^(?:https?:\/\/[^/?#\s]+)?\/events\/form\/([^/?#\s]+)(?:[/?#]|$)/i;

/**
 * The form id in what staff typed or pasted: an id as it is, or the id in a
 * registration link; null when it holds none.
 */
export function formIdFrom(text: string | null | undefined): string | null {
  const value = text?.trim() ?? '';
  if (FORM_ID_PATTERN.test(value)) return value;
  const segment = REGISTRATION_LINK_PATTERN.exec(value)?.[1];
  if (!segment) return null;
  try {
    const id = decodeURIComponent(segment);
    return FORM_ID_PATTERN.test(id) ? id : null;
  } catch {
    return null;
  }
}

/**
 * The registration page's address for an event (every Register link leads
 * here), built from its ids only; null when it has no usable pair, so no
 * link is shown that could not register anyone.
 */
export function registrationPath(formId: string | null, zoomId: string | null): string | null {
  const id = formIdFrom(formId);
  return id && zoomId && ZOOM_ID_PATTERN.test(zoomId) ? `/events/form/${id}/${zoomId}` : null;
}

/**
 * The page that shows one event: its registration page (which offers the
 * replay once it is over), else its company's webinars, else the events list.
 */
export function eventPagePath(event: {
  form_url: string | null;
  zoom_id: string | null;
  company_symbol: string | null;
}): string {
  return (
    registrationPath(event.form_url, event.zoom_id) ??
    (event.company_symbol ? `/stocks/${encodeURIComponent(event.company_symbol)}/webinar/` : '/events')
  );
}
