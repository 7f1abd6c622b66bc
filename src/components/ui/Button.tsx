/**
 * The site's button: five variants, 44 px touch target, a loading state that shows busy text. A
 * plain button (Ark's `asChild` triggers pass their props and ref to it), so sign-in pages need no
 * widget library for it.
 */
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import { cx } from 'styled-system/css';
import { button, type ButtonVariantProps } from 'styled-system/recipes';
import { Spinner } from './Spinner';

export interface ButtonProps extends ComponentPropsWithoutRef<'button'>, ButtonVariantProps {
  /** Busy: the button is disabled, shows a spinner and `loadingText`. */
  loading?: boolean;
  /** Text while busy, e.g. 'Signing in...'. */
  loadingText?: ReactNode;
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
  { loading = false, loadingText, variant, size, fullWidth, className, children, disabled, type = 'button', ...props },
  ref,
) {
  return (
    <button
      ref={ref}
      type={type}
      className={cx(button({ variant, size, fullWidth }), className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? (
        <>
          <Spinner />
          {loadingText ?? children}
        </>
      ) : (
        children
      )}
    </button>
  );
});
