import { describe, expect, it } from 'vitest';
import { validateRegistration } from '../../src/lib/event-registration.ts';

const filled = {
  first_name: 'Ada',
  last_name: 'Lovelace',
  email: 'ada@example.com',
  phone: '(212) 555-0100',
  company_name: 'Analytical Engines',
  job_title: '',
};

describe('the registration form’s check', () => {
  it('names the field whose text carries text-direction override characters, before anything is sent', () => {
    expect(validateRegistration({ ...filled, last_name: 'Love\u202Elace' })).toEqual({
      last_name: 'Last name cannot contain text-direction control characters',
    });
    expect(validateRegistration({ ...filled, first_name: 'עדה', last_name: 'لوفليس' })).toEqual({});
  });
});
