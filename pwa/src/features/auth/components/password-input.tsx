import { forwardRef, useState, type InputHTMLAttributes } from 'react';

/** A password field with a show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, InputHTMLAttributes<HTMLInputElement> & { toggleLabel: string }>(function PasswordInput(
  { toggleLabel, ...props },
  ref,
) {
  const [visible, setVisible] = useState(false);
  return (
    <div className="password-input">
      <input ref={ref} type={visible ? 'text' : 'password'} {...props} />
      <button
        type="button"
        className="link-btn"
        aria-label={`${visible ? 'Hide' : 'Show'} ${toggleLabel}`}
        aria-pressed={visible}
        onClick={() => setVisible((v) => !v)}
      >
        {visible ? 'Hide' : 'Show'}
      </button>
    </div>
  );
});
