import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import SnackbarHost from '../../src/islands/SnackbarHost.tsx';
import { showSnackbar } from '../../src/stores/snackbar.ts';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('snackbar', () => {
  it('shows a message and hides it by itself after six seconds', () => {
    vi.useFakeTimers();
    render(<SnackbarHost />);
    act(() => showSnackbar('Saved', 'success'));
    expect(screen.getByTestId('snackbar').textContent).toContain('Saved');
    act(() => vi.advanceTimersByTime(5900));
    expect(screen.queryByTestId('snackbar')).not.toBeNull();
    act(() => vi.advanceTimersByTime(200));
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });

  it('restarts the six seconds when a new message replaces the old one', () => {
    vi.useFakeTimers();
    render(<SnackbarHost />);
    act(() => showSnackbar('First'));
    act(() => vi.advanceTimersByTime(4000));
    act(() => showSnackbar('Second'));
    act(() => vi.advanceTimersByTime(4000));
    expect(screen.getByTestId('snackbar').textContent).toContain('Second');
    act(() => vi.advanceTimersByTime(2100));
    expect(screen.queryByTestId('snackbar')).toBeNull();
  });
});
