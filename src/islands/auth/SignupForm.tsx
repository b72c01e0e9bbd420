import { useState, type FormEvent } from 'react';
import { api } from '../api-client.ts';
import {
  AUTH_MESSAGES,
  formatPhoneInput,
  phoneDigits,
  validateSignup,
  type ContactMethod,
  type SignupInput,
} from '../../lib/validation.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { ContactMethodChoice, Field, FormMessage, PasswordField, SubmitButton, formValue } from '../forms/controls.tsx';
import { describeFailure, navigate, setFlash } from './shared.ts';

function Signup() {
  const [method, setMethod] = useState<ContactMethod>('email');
  const [phone, setPhone] = useState('');
  const [errors, setErrors] = useState<Partial<Record<keyof SignupInput, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const input: SignupInput = {
      name: formValue(form, 'name'),
      email: formValue(form, 'email').trim(),
      phone: formatPhoneInput(formValue(form, 'phone')),
      password: formValue(form, 'password'),
      messagePreference: (formValue(form, 'message_preference') || method) as ContactMethod,
      termsAccepted: new FormData(form).get('terms') === 'on',
    };
    const found = validateSignup(input);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) {
      form.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    setBusy(true);
    try {
      await api.post('auth/register', {
        json: {
          username: input.name.trim(),
          name: input.name.trim(),
          email: input.email,
          phone_number: phoneDigits(input.phone),
          password: input.password,
          message_preference: input.messagePreference,
          terms_accepted: true,
        },
      });
      setFlash(
        `Account created. We sent a verification code to your ${input.messagePreference === 'phone' ? 'phone' : 'email'}: log in to enter it.`,
      );
      navigate('/login');
    } catch (err) {
      const { status, message } = describeFailure(err);
      setFailure(status && status < 500 && message ? message : AUTH_MESSAGES.signupFailed);
      setBusy(false);
    }
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-4" noValidate data-testid="signup-form">
      {failure && <FormMessage kind="error">{failure}</FormMessage>}
      <Field label="Full name" name="name" autoComplete="name" required error={errors.name} />
      <fieldset>
        <legend className="text-sm font-medium">Preferred contact method</legend>
        <div className="mt-1 flex gap-4">
          <ContactMethodChoice
            name="message_preference"
            value={method}
            onChange={setMethod}
            phoneLabel="Phone (text message)"
          />
        </div>
      </fieldset>
      <Field label="Email" name="email" type="email" autoComplete="email" required error={errors.email} />
      <Field
        label={method === 'phone' ? 'Phone' : 'Phone (optional)'}
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel-national"
        placeholder="(123) 456-7890"
        value={phone}
        onChange={(e) => setPhone(formatPhoneInput(e.target.value))}
        required={method === 'phone'}
        error={errors.phone}
      />
      <PasswordField
        label="Password"
        name="password"
        autoComplete="new-password"
        required
        error={errors.password}
        hint="At least 6 characters with a letter, a number and one of @$!%*?&"
      />
      <div className="flex flex-col gap-1">
        <label className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            name="terms"
            className="mt-1 accent-[var(--primary)]"
            aria-invalid={errors.termsAccepted ? true : undefined}
          />
          <span>
            I accept the{' '}
            <a href="/terms" target="_blank" className="text-primary underline">
              terms and conditions
            </a>{' '}
            and the{' '}
            <a href="/privacypolicy" target="_blank" className="text-primary underline">
              privacy policy
            </a>
            .
          </span>
        </label>
        {errors.termsAccepted && <p className="text-sm text-down">{errors.termsAccepted}</p>}
      </div>
      <SubmitButton busy={busy} busyLabel="Creating your account…">
        Sign up
      </SubmitButton>
      <p className="text-center text-sm text-muted">
        Already have an account?{' '}
        <a href="/login" className="text-primary underline">
          Log in
        </a>
      </p>
    </form>
  );
}

export default function SignupForm() {
  return (
    <ErrorBoundary>
      <Signup />
    </ErrorBoundary>
  );
}
