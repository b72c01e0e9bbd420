import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ErrorBoundary from '../../src/islands/ErrorBoundary.tsx';

afterEach(cleanup);

describe('island error fallback', () => {
  it('replaces a crashed island with "Something went wrong" and brings it back on Try again', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let broken = true;
    function Flaky() {
      if (broken) throw new Error('data not available');
      return <p>Loaded</p>;
    }
    render(
      <ErrorBoundary>
        <Flaky />
      </ErrorBoundary>,
    );
    expect(screen.getByRole('alert').textContent).toContain('Something went wrong');
    broken = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(screen.getByText('Loaded')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
