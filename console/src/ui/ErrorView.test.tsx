import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ErrorView } from './ErrorView';

afterEach(cleanup);

describe('ErrorView', () => {
  it("shows an API error's code, message, details and request id in an alert", () => {
    render(
      <ErrorView
        error={{
          success: false,
          error: {
            code: 'INSUFFICIENT_STOCK',
            message: 'Not enough stock',
            details: [{ product_id: 'p1', requested: 5, available: 2 }],
            request_id: '5b0c2a1e-93f1-4f4c-a8a4-2d1d8e6f0c11',
          },
        }}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Error INSUFFICIENT_STOCK: Not enough stock');
    expect(alert.textContent).toContain('product_id: p1, requested: 5, available: 2');
    expect(alert.textContent).toContain('Request id: 5b0c2a1e-93f1-4f4c-a8a4-2d1d8e6f0c11');
  });

  it('says something for an error without a body (never a blank)', () => {
    render(<ErrorView error={undefined} />);
    expect(screen.getByRole('alert').textContent).toMatch(/went wrong/);
  });

  it('offers Try again when it can retry', () => {
    let retried = 0;
    render(<ErrorView error={new Error('The server could not be reached')} onRetry={() => retried++} />);
    screen.getByRole('button', { name: 'Try again' }).click();
    expect(retried).toBe(1);
    expect(screen.getByRole('alert').textContent).toContain('The server could not be reached');
  });
});
