import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { CodeField } from '../../../src/islands/forms/controls.tsx';

afterEach(cleanup);

function renderBox() {
  render(
    <form>
      <CodeField label="Confirmation code" />
    </form>,
  );
  return screen.getByLabelText('Confirmation code') as HTMLInputElement;
}

/** What the browser does as text arrives: the box holds it and the caret is where typing left it. */
function arrive(box: HTMLInputElement, value: string, caret = value.length) {
  box.value = value;
  box.setSelectionRange(caret, caret);
  fireEvent.input(box);
}

describe('the code box', () => {
  it('keeps a code pasted with a space or a dash whole, in capitals', () => {
    const box = renderBox();
    arrive(box, 'JDC F8T');
    expect(box.value).toBe('JDCF8T');
    arrive(box, 'jdc-f8t');
    expect(box.value).toBe('JDCF8T');
  });

  it('sets no length limit that would cut a code with a space before it is read', () => {
    expect(renderBox().maxLength).toBe(-1);
  });

  it('keeps the caret after the character just typed when a space before it goes', () => {
    const box = renderBox();
    arrive(box, 'JD F8T', 2);
    arrive(box, 'JD CF8T', 4);
    expect(box.value).toBe('JDCF8T');
    expect(box.selectionStart).toBe(3);
  });

  it('holds at most a code’s six characters', () => {
    const box = renderBox();
    arrive(box, 'JDCF8T7');
    expect(box.value).toBe('JDCF8T');
  });
});
