import { useState } from 'react';
import { Field } from '../../../ui/field';
import { Spinner } from '../../../ui/skeleton';
import { useMailPreview } from './api/mail-preview';
import { useMailTemplates } from './api/mail-templates';
import { MetaRow } from '../../../ui/meta-row';
import { Segment } from '../shared/segment';
import { CouldNot } from '../shared/query-state';
import { AdminCard } from '../shared/admin-card';

type Part = 'html' | 'text';
const PARTS: ReadonlyArray<{ id: Part; label: string }> = [
  { id: 'html', label: 'HTML' },
  { id: 'text', label: 'Text' },
];

/**
 * E-mail Templates: each message the shop sends, filled with sample data, as the
 * customer or the shop receives it: the subject, the HTML part in a sandboxed frame (no script,
 * no form, no navigation of this page) or the text part.
 */
export function MailTemplatesCard() {
  const templates = useMailTemplates();
  const [chosen, setChosen] = useState<string | null>(null);
  const [part, setPart] = useState<Part>('html');
  const name = chosen ?? templates.data?.[0]?.name;
  const label = templates.data?.find((t) => t.name === name)?.label ?? name ?? '';
  const preview = useMailPreview(name);

  return (
    <AdminCard titleId="mail-templates-title" title="E-mail Templates">
      <p className="muted">Every e-mail the shop sends, filled with a sample order and customer. Each has an HTML part and a plain-text part.</p>
      {templates.isPending ? (
        <Spinner label="Loading the e-mail templates" />
      ) : templates.isError ? (
        <CouldNot what="load the templates" error={templates.error} role="status" />
      ) : templates.data.length === 0 ? (
        <p className="muted">No templates.</p>
      ) : (
        <>
          <Field id="mail-template" label="Template">
            <select id="mail-template" value={name} onChange={(event) => setChosen(event.target.value)}>
              {templates.data.map((t) => (
                <option key={t.name} value={t.name}>
                  {t.label}
                </option>
              ))}
            </select>
          </Field>
          <Segment label="Part to show" choices={PARTS} value={part} onChange={setPart} />
          {preview.isPending ? (
            <Spinner label="Rendering the preview" />
          ) : preview.isError ? (
            <CouldNot what="render the preview" error={preview.error} role="status" />
          ) : (
            <>
              <dl className="admin-meta">
                <MetaRow term="Subject" className="admin-break">
                  {preview.data.subject}
                </MetaRow>
              </dl>
              {part === 'html' ? (
                <iframe className="admin-mail-frame" title={`HTML part of ${label}`} sandbox="" srcDoc={preview.data.html} />
              ) : (
                // Scrolls when a line is long: focusable so a keyboard can scroll it too.
                // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrollable preview must take focus to scroll by keyboard
                <pre className="admin-mail-text" tabIndex={0} aria-label={`Text part of ${label}`}>
                  {preview.data.text}
                </pre>
              )}
            </>
          )}
        </>
      )}
    </AdminCard>
  );
}
