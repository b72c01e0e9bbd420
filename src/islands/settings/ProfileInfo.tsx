import { useEffect, useState, type FormEvent } from 'react';
import { api } from '../api-client.ts';
import { formatPhoneInput, phoneDigits } from '../../lib/validation.ts';
import { $session, setSession } from '../../stores/session.ts';
import { showSnackbar } from '../../stores/snackbar.ts';
import { describeFailure } from '../auth/shared.ts';
import ErrorBoundary from '../ErrorBoundary.tsx';
import { Field, FormMessage } from '../forms/controls.tsx';

interface Profile {
  name: string;
  phone_number: string;
  email: string;
  profile_picture_url: string | null;
}

function ProfileCard() {
  const [profile, setProfile] = useState<Profile | null>(null);
  const [loadError, setLoadError] = useState(false);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [phone, setPhone] = useState('');

  useEffect(() => {
    api
      .get('profile/profile')
      .json<{ data: Profile }>()
      .then(({ data }) => {
        setProfile(data);
        setName(data.name);
        setPhone(formatPhoneInput(data.phone_number));
      })
      .catch(() => setLoadError(true));
  }, []);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    setError(null);
    try {
      const { data } = await api
        .put('profile/profile/update', { json: { name: name.trim(), phone_number: phoneDigits(phone) } })
        .json<{ data: Profile }>();
      setProfile(data);
      setName(data.name);
      setPhone(formatPhoneInput(data.phone_number));
      const session = $session.get();
      if (session) setSession({ ...session, phone: data.phone_number });
      // Edit mode is left only when the save succeeded.
      setEditing(false);
      showSnackbar('Profile saved.', 'success');
    } catch (err) {
      const { message } = describeFailure(err);
      setError(message ?? 'Failed to save your profile. Please try again.');
    } finally {
      setSaving(false);
    }
  };

  if (loadError) return <FormMessage kind="error">Failed to load your profile. Please try again later.</FormMessage>;
  if (!profile) return <p className="text-sm text-muted">Loading…</p>;

  return (
    <form onSubmit={save} className="flex flex-col gap-4" data-testid="profile-form">
      <div className="flex items-center gap-4">
        <div
          className="grid h-16 w-16 place-items-center rounded-full bg-primary-fill text-2xl font-bold text-white"
          aria-hidden="true"
        >
          {(profile.name || profile.email).charAt(0).toUpperCase()}
        </div>
        <h2 className="text-xl font-bold">User Profile</h2>
      </div>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      <Field
        label="Name"
        name="name"
        value={name}
        onChange={(e) => setName(e.target.value)}
        readOnly={!editing}
        autoComplete="name"
      />
      <Field
        label="Email"
        name="email"
        value={profile.email}
        readOnly
        aria-readonly="true"
        hint="Your email cannot be changed."
      />
      <Field
        label="Phone Number"
        name="phone"
        type="tel"
        value={phone}
        onChange={(e) => setPhone(formatPhoneInput(e.target.value))}
        readOnly={!editing}
        placeholder="(123) 456-7890"
        autoComplete="tel-national"
      />
      <div className="flex gap-2">
        {editing ? (
          <>
            {/* Distinct keys: reusing the Edit button's element as a submit button would submit on that same click. */}
            <button key="save" type="submit" className="btn-primary" disabled={saving}>
              {saving ? 'Saving…' : 'Save'}
            </button>
            <button
              key="cancel"
              type="button"
              className="btn-secondary"
              onClick={() => {
                setEditing(false);
                setName(profile.name);
                setPhone(formatPhoneInput(profile.phone_number));
                setError(null);
              }}
            >
              Cancel
            </button>
          </>
        ) : (
          <button key="edit" type="button" className="btn-primary" onClick={() => setEditing(true)}>
            Edit Profile
          </button>
        )}
      </div>
    </form>
  );
}

export default function ProfileInfo() {
  return (
    <ErrorBoundary>
      <ProfileCard />
    </ErrorBoundary>
  );
}
