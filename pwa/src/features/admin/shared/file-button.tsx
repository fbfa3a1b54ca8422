import { useId, type ReactNode } from 'react';

/**
 * A button that opens the file picker: a label styled as the button (`className`) over a hidden
 * file input, both disabled while busy. The input is emptied after each choice, so choosing the same
 * file again is a new choice; closing the picker without a file does nothing.
 */
export function FileButton({
  className,
  busy,
  accept,
  onFile,
  children,
}: {
  className: string;
  busy: boolean;
  accept: string;
  onFile: (file: File) => void;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <>
      <label htmlFor={id} className={`${className}${busy ? ' is-disabled' : ''}`}>
        {children}
      </label>
      <input
        id={id}
        className="visually-hidden"
        type="file"
        accept={accept}
        disabled={busy}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
