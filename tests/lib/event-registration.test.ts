import { describe, expect, it } from 'vitest';
import { formIdFrom, registrationPath, validateRegistration } from '../../src/lib/event-registration.ts';

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

describe('registration links', () => {
  it('are built from a form id and a zoom id only', () => {
    expect(registrationPath('ab12cd34ef', '81234567890')).toBe('/events/form/ab12cd34ef/81234567890');
    // A whole registration link stored as the form id gives its id, not an address inside an address.
    expect(registrationPath('https://www.redcap.example/events/form/ab12cd34ef/81234567890', '81234567890')).toBe(
      '/events/form/ab12cd34ef/81234567890',
    );
    expect(registrationPath('https://forms.example/signup?id=1', '81234567890')).toBeNull();
    expect(registrationPath('ab12cd34ef', 'WN_abc')).toBeNull();
    expect(registrationPath(null, '81234567890')).toBeNull();
    expect(registrationPath('ab12cd34ef', null)).toBeNull();
  });

  it('read the form id of a pasted registration link, or of an id typed as it is', () => {
    expect(formIdFrom(' ab12cd34ef ')).toBe('ab12cd34ef');
    expect(formIdFrom('https://redcap.example/events/form/ab12cd34ef/81234567890?utm=x')).toBe('ab12cd34ef');
    expect(formIdFrom('/events/form/ab12cd34ef/81234567890')).toBe('ab12cd34ef');
    expect(formIdFrom('https://redcap.example/events/form/ab12cd34ef')).toBe('ab12cd34ef');
    expect(formIdFrom('https://redcap.example/events/')).toBeNull();
    expect(formIdFrom('javascript:alert(1)')).toBeNull();
    expect(formIdFrom('')).toBeNull();
  });
});
