import { expect, test, type Page } from '@playwright/test';
import { waitForIsland } from './hydration.ts';
import { PASSWORD, codeFor, logIn as logInAt, uniqueEmail, verifiedAccount } from './account-helpers.ts';

// Journeys that land elsewhere (or fail on purpose) log in without waiting for the home page.
const logIn = (page: Page, email: string, password = PASSWORD) => logInAt(page, email, password, { landOnHome: false });

test('a new user signs up by email, reads the code from the outbox, verifies and lands logged in', async ({ page }) => {
  const email = uniqueEmail('journey');
  await page.goto('/signup');
  await waitForIsland(page, 'signup-form');
  await page.getByRole('main').getByLabel('Full name').fill('Jordan Lee');
  await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill(email);
  await page.getByRole('main').getByLabel('Phone (optional)').fill('2125550199');
  await expect(page.getByRole('main').getByLabel('Phone (optional)')).toHaveValue('(212) 555-0199');
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page
    .getByRole('main')
    .getByLabel(/I accept the/)
    .check();
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByTestId('form-success')).toContainText('Account created');
  await logIn(page, email);
  await expect(page).toHaveURL(/\/verify$/);
  // Unverified users cannot leave /verify.
  await page.goto('/terms');
  await expect(page).toHaveURL(/\/verify$/);

  await waitForIsland(page, 'verify-form');
  await page.getByRole('main').getByLabel('Confirmation code').fill('ZZZZZZ');
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Confirmation code is incorrect');
  // Typed as a message shows it, with a space inside ("JDC F8T"): the box keeps every character.
  const code = await codeFor(email);
  const codeBox = page.getByRole('main').getByLabel('Confirmation code');
  await codeBox.clear();
  await codeBox.pressSequentially(`${code.slice(0, 3)} ${code.slice(3)}`);
  await expect(codeBox).toHaveValue(code);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await expect(page).toHaveURL(/\/verify-success$/);
  await expect(page.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
  await expect(page).toHaveURL(/localhost:\d+\/$/, { timeout: 6000 });
  await waitForIsland(page, 'profile-menu-button');
  await expect(page.getByTestId('profile-menu-button')).toBeVisible();
});

test('sign-up shows every rule it breaks, next to its field', async ({ page }) => {
  await page.goto('/signup');
  await waitForIsland(page, 'signup-form');
  await page.getByRole('main').getByLabel('Phone (text message)').check();
  await page.getByRole('main').getByRole('textbox', { name: 'Email', exact: true }).fill('not-an-email');
  await page.getByRole('main').getByLabel('Password', { exact: true }).fill('abc');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByText('Full name is required')).toBeVisible();
  await expect(page.getByText('Invalid email format')).toBeVisible();
  await expect(page.getByText('Invalid phone number format. Format should be (XXX) XXX-XXXX')).toBeVisible();
  await expect(
    page.getByText('Password must be at least 6 characters and include a number, a letter, and a special character'),
  ).toBeVisible();
  await expect(page.getByText('You must accept the terms and conditions')).toBeVisible();
  await expect(page).toHaveURL(/\/signup$/);
});

test('a wrong password says Incorrect Credentials and points to sign-up', async ({ page, request }) => {
  const email = uniqueEmail('wrong');
  await verifiedAccount(request, email);
  await logIn(page, email, 'Wrong!pass9');
  await expect(page.getByTestId('form-error')).toHaveText('Incorrect Credentials');
  await expect(page.getByTestId('signup-prompt')).toHaveClass(/font-semibold/);
  await page.getByRole('button', { name: 'Show' }).click();
  await expect(page.getByRole('main').getByLabel('Password', { exact: true })).toHaveAttribute('type', 'text');
});

test('a forgotten password is reset with the emailed code, then the new password works', async ({ page, request }) => {
  const email = uniqueEmail('forgot');
  await verifiedAccount(request, email);
  await page.goto('/forgot-password');
  await waitForIsland(page, 'forgot-form');
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('Email or phone number is required.');
  await page.getByRole('main').getByLabel('Email', { exact: true }).fill(email);
  await page.getByRole('button', { name: 'Send reset code' }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await waitForIsland(page, 'reset-form');
  await expect(page.getByText(`Enter the code we sent to ${email}`)).toBeVisible();
  // Pasted with a dash ("jdc-f8t"): the box keeps the code whole.
  const code = await codeFor(email, 2);
  await page.getByRole('main').getByLabel('Code').focus();
  await page.keyboard.insertText(`${code.slice(0, 3).toLowerCase()}-${code.slice(3)}`);
  await expect(page.getByRole('main').getByLabel('Code')).toHaveValue(code);
  await page.getByRole('main').getByLabel('New password').fill('Fresh!Start9');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByText('Password reset successful! Redirecting to login...')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
  await logIn(page, email, 'Fresh!Start9');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test('a guest who opens a private page is sent home and asked to log in', async ({ page }) => {
  await page.goto('/settings/Profile_Info');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await expect(page.getByTestId('snackbar')).toHaveText(/Please log in to see that page\./);
});

test('a signed-in user edits the profile, changes the password and finally deletes the account', async ({
  page,
  request,
}) => {
  const email = uniqueEmail('settings');
  await verifiedAccount(request, email);
  await logIn(page, email);
  await expect(page).toHaveURL(/localhost:\d+\/$/);

  await page.goto('/settings/Profile_Info');
  await waitForIsland(page, 'profile-form');
  await expect(page.getByRole('heading', { name: 'User Profile' })).toBeVisible();
  await expect(page.getByRole('main').getByLabel('Email', { exact: true })).toHaveAttribute('readonly', '');
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('main').getByLabel('Name').fill('Casey T. Trader');
  await page.getByRole('main').getByLabel('Phone Number').fill('9175550123');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Edit Profile' })).toBeVisible();
  await page.reload();
  await waitForIsland(page, 'profile-form');
  await expect(page.getByRole('main').getByLabel('Name')).toHaveValue('Casey T. Trader');
  await expect(page.getByRole('main').getByLabel('Phone Number')).toHaveValue('(917) 555-0123');

  // A failed save keeps the form in edit mode.
  await page.route('**/api/profile/profile/update', (route) =>
    route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"Internal server error"}' }),
  );
  await page.getByRole('button', { name: 'Edit Profile' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByTestId('form-error')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save' })).toBeVisible();
  await page.unroute('**/api/profile/profile/update');

  await page.goto('/settings/Notifications');
  await waitForIsland(page, 'notification-settings');
  await expect(page.getByRole('heading', { name: 'Notifications Settings' })).toBeVisible();
  await page.getByRole('main').getByLabel('Text message (SMS)').check();
  await page.getByTestId('save-notification-method').click();
  await expect(page.getByText('Notification method updated successfully!')).toBeVisible();

  await page.goto('/settings/Data_Usage');
  await waitForIsland(page, 'data-usage');
  await expect(page.getByRole('heading', { name: 'Data Usage Settings' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete User' }).click();
  await page.getByTestId('confirm-delete').click();
  await expect(page.getByTestId('snackbar')).toHaveText(/User deleted successfully/);
  await expect(page).toHaveURL(/\/login$/, { timeout: 6000 });
  const login = await request.post('/api/auth/login', { data: { email, password: PASSWORD } });
  expect(login.status()).toBe(401);
});

test('the password changes in two steps with a code, and the old session ends', async ({ page, request }) => {
  const email = uniqueEmail('change');
  await verifiedAccount(request, email);
  await logIn(page, email);
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await page.goto('/settings/Change_Password');
  await waitForIsland(page, 'change-password-step-1');
  await page.getByRole('button', { name: 'Send code' }).click();
  await expect(page.getByTestId('change-password-step-2')).toBeVisible();
  // Pasted with spaces around its halves: the box keeps the code whole.
  const code = await codeFor(email, 2);
  await page.getByRole('main').getByLabel('Code').focus();
  await page.keyboard.insertText(`${code.slice(0, 3)} ${code.slice(3)} `);
  await expect(page.getByRole('main').getByLabel('Code')).toHaveValue(code);
  await page.getByRole('main').getByLabel('New password', { exact: true }).fill('Better!Pass7');
  await page.getByRole('main').getByLabel('Confirm new password').fill('Different!1');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('form-error')).toHaveText('New password and confirmation do not match');
  await page.getByRole('main').getByLabel('Confirm new password').fill('Better!Pass7');
  await page.getByRole('button', { name: 'Change password' }).click();
  await expect(page.getByTestId('form-success')).toContainText(
    'Password changed successfully. You can now log in with your new password.',
  );
  await logIn(page, email, 'Better!Pass7');
  await expect(page).toHaveURL(/localhost:\d+\/$/);
});

test('Sign in with Google brings the user back logged in, with the notification method locked', async ({ page }) => {
  await page.goto('/login');
  await waitForIsland(page, 'login-form');
  await page.getByTestId('google-signin').click();
  await expect(page).toHaveURL(/localhost:\d+\/$/);
  await waitForIsland(page, 'profile-menu-button');
  expect(await page.evaluate(() => localStorage.getItem('googleUser'))).toBe('true');
  await page.goto('/settings/Notifications');
  await waitForIsland(page, 'notification-settings');
  await expect(page.getByText('Accounts that sign in with Google get messages by email.')).toBeVisible();
  await expect(page.getByTestId('save-notification-method')).toBeDisabled();
});

test('a signed-in reader’s pages hydrate without errors and show the account menu', async ({ page, request }) => {
  const email = uniqueEmail('hydrate');
  await verifiedAccount(request, email);
  await logInAt(page, email);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`));
  const { news } = (await (await request.get('/api/news/all?limit=1')).json()) as {
    news: { id: number; company_symbol: string }[];
  };
  for (const path of ['/', `/news/${news[0]!.id}/`, `/stocks/${news[0]!.company_symbol}/`, '/videos', '/events']) {
    await page.goto(path);
    await waitForIsland(page, 'profile-menu-button');
    await expect(page.getByRole('button', { name: /^Account menu/ })).toBeVisible();
  }
  expect(errors).toEqual([]);
});
