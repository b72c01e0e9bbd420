/**
 * The newsletter page's sign-up card (docs/product.md §10.3): four required fields and the
 * consent box; on success the confirmation text replaces the form. The
 * address receives a link that activates the subscription; an address
 * confirmed already is told it is subscribed.
 */
import { useState, type FormEvent } from 'react';
import { MESSAGES } from '../../lib/messages.ts';
import { api, serverMessage } from '../api-client.ts';

export const NEWSLETTER_BENEFITS = [
  'Research Reports and Factsheets',
  'CEO Interviews',
  'Industry News and Blogs',
  'Public Company Webinars',
  'Investing Lessons and Top Performers',
];

export default function NewsletterSignup() {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [subscribed, setSubscribed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const value = (name: string) => String(form.get(name) ?? '').trim();
    setBusy(true);
    setError(null);
    try {
      const { data } = await api
        .post('email-subscriptions/newsletter', {
          json: {
            firstName: value('firstName'),
            lastName: value('lastName'),
            email: value('email'),
            phone: value('phone'),
            consent: form.get('consent') === 'on',
          },
        })
        .json<{ data: { confirmationSent: boolean } }>();
      if (data.confirmationSent) setSentTo(value('email'));
      else setSubscribed(true);
    } catch (e) {
      setError(serverMessage(e) ?? 'Failed to subscribe. Please try again later.');
    } finally {
      setBusy(false);
    }
  };

  return (
    <section
      className="card flex h-full flex-col gap-4 p-5"
      aria-labelledby="signup-title"
      data-testid="newsletter-signup"
    >
      <h2 id="signup-title" className="text-xl font-extrabold">
        Get the weekly newsletter
      </h2>
      <ul className="grid gap-1 text-sm sm:grid-cols-2">
        {NEWSLETTER_BENEFITS.map((benefit) => (
          <li key={benefit} className="flex gap-2">
            <span aria-hidden="true" className="text-primary">
              ✓
            </span>
            {benefit}
          </li>
        ))}
      </ul>
      {subscribed ? (
        <p role="status" className="rounded-lg border border-up p-4 text-sm font-bold" data-testid="signup-subscribed">
          {MESSAGES.newsletter.subscribed}
        </p>
      ) : sentTo ? (
        <div
          role="status"
          className="rounded-lg border border-up p-4 text-sm leading-relaxed"
          data-testid="signup-confirmation"
        >
          <p className="font-bold">Your registration is almost complete.</p>
          <p className="mt-2">
            We sent an email to <strong>{sentTo}</strong>. Open the activation link in it to start your subscription: we
            will not send you any correspondence until it is activated. If it does not arrive in a few minutes, check
            your junk or spam folder, or add our address to your safe senders list.
          </p>
        </div>
      ) : (
        <form className="grid gap-3 sm:grid-cols-2" onSubmit={(e) => void submit(e)}>
          {[
            { name: 'firstName', label: 'First Name', type: 'text', autoComplete: 'given-name' },
            { name: 'lastName', label: 'Last Name', type: 'text', autoComplete: 'family-name' },
            { name: 'email', label: 'Email Address', type: 'email', autoComplete: 'email' },
            { name: 'phone', label: 'Phone Number', type: 'tel', autoComplete: 'tel', placeholder: '(123) 456-7890' },
          ].map((field) => (
            <label key={field.name} className="flex flex-col gap-1 text-sm font-semibold">
              {field.label}
              <input
                className="input font-normal"
                name={field.name}
                type={field.type}
                autoComplete={field.autoComplete}
                placeholder={field.placeholder}
                required
                maxLength={field.type === 'email' ? 254 : 80}
              />
            </label>
          ))}
          <label className="flex items-center gap-2 text-sm sm:col-span-2">
            <input type="checkbox" name="consent" required />I agree to receive updates
          </label>
          {error && (
            <p role="alert" className="text-sm text-down sm:col-span-2">
              {error}
            </p>
          )}
          <button type="submit" className="btn-primary sm:col-span-2" disabled={busy}>
            {busy ? 'Subscribing…' : 'Subscribe to weekly newsletter'}
          </button>
        </form>
      )}
      <p className="text-xs text-muted">
        See our{' '}
        <a href="/legal/privacy_policy" className="underline">
          privacy policy
        </a>
        . Every email has an unsubscribe link, as the{' '}
        <a
          href="https://www.ftc.gov/business-guidance/resources/can-spam-act-compliance-guide-business"
          className="underline"
          rel="noopener"
          target="_blank"
        >
          CAN-SPAM Act
        </a>{' '}
        requires.
      </p>
    </section>
  );
}
