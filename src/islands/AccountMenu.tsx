import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { clearSession } from '../stores/session.ts';
import { useSession } from './use-session.ts';

/** The notification bell: its own chunk, fetched only once someone is signed in. */
const NotificationCentre = lazy(() => import('./notifications/NotificationCentre.tsx'));

/**
 * The login link for guests; for a signed-in user the profile menu (Profile,
 * Settings, Logout, and the staff console for staff) and the notification
 * bell, drawn into the place the top bar keeps for it. One island for both
 * keeps every page's script small.
 */
export default function AccountMenu() {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDocument = (event: MouseEvent) => {
      if (!menuRef.current?.contains(event.target as Node) && !buttonRef.current?.contains(event.target as Node)) {
        setOpen(false);
      }
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('mousedown', onDocument);
    document.addEventListener('keydown', onKey);
    menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    return () => {
      document.removeEventListener('mousedown', onDocument);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!session) {
    return (
      <a href="/login" className="btn-primary" data-testid="login-link">
        Login
      </a>
    );
  }

  const logout = async () => {
    try {
      const { api } = await import('./api-client.ts');
      await api.post('auth/logout');
    } catch {
      // Logging out locally still matters when the server cannot be reached.
    }
    clearSession();
    location.assign('/');
  };

  const onMenuKey = (event: React.KeyboardEvent) => {
    const items = [...(menuRef.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const index = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      items[(index + 1) % items.length]?.focus();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      items[(index - 1 + items.length) % items.length]?.focus();
    }
  };

  const initial = (session.username || session.email || '?').charAt(0).toUpperCase();
  const bellSlot = document.getElementById('notification-bell');
  return (
    <div className="relative">
      {bellSlot &&
        createPortal(
          <Suspense fallback={null}>
            <NotificationCentre />
          </Suspense>,
          bellSlot,
        )}
      <button
        ref={buttonRef}
        type="button"
        className="avatar-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${session.username || session.email}`}
        onClick={() => setOpen((o) => !o)}
        data-testid="profile-menu-button"
      >
        {initial}
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" className="menu" onKeyDown={onMenuKey}>
          <a role="menuitem" href="/settings/Profile_Info" className="menu-item">
            Profile
          </a>
          <a role="menuitem" href="/settings" className="menu-item">
            Settings
          </a>
          {session.isStaff && (
            <a role="menuitem" href="/tools" className="menu-item" data-testid="tools-menu-item">
              Tools
            </a>
          )}
          <button role="menuitem" type="button" className="menu-item" onClick={logout}>
            Logout
          </button>
        </div>
      )}
    </div>
  );
}
