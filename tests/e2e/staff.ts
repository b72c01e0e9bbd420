/** The staff account the browser tests' server is started with. */
export const STAFF = { email: 'e2e-editor@example.com', password: 'Edit0r!Desk' };
