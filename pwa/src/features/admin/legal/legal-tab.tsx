import { useEffect, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useQuery } from '@tanstack/react-query';
import {
  APP_ROUTES,
  LEGAL_PAGE_KINDS,
  LEGAL_PAGE_MAX_BYTES,
  LEGAL_PAGE_TITLES,
  LEGAL_PLACEHOLDERS,
  type LegalPageAdmin,
  type LegalPageKind,
  type LegalPagesAdmin,
  legalPageUpdateSchema,
  utf8ByteLength,
} from '@cocoa/shared-types';
import { messageOf } from '../../../lib/api-fetch';
import { describedBy, Field } from '../../../ui/field';
import { Skeleton } from '../../../ui/skeleton';
import { errorToast, toast } from '../../../ui/toast-store';
import { formatDateTime } from '../shared/format';
import { QueryState } from '../shared/query-state';
import { SaveActions } from '../shared/settings-form';
import { legalPreviewQueryOptions, useLegalPages, useMarkLegalReviewed, useSaveLegalPage } from './api/legal-pages';
import './legal-tab.css';
import { LabelledOptions } from '../../../ui/labelled-options';
import { AdminCard } from '../shared/admin-card';

const ROUTES: Readonly<Record<LegalPageKind, string>> = {
  privacy: APP_ROUTES.privacy,
  terms: APP_ROUTES.terms,
  'refund-policy': APP_ROUTES.refundPolicy,
};

/** How long the text rests before the preview is asked for again. */
const PREVIEW_DELAY_MS = 400;

function useSettled(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}

/** The page as the public will read it: the server's rendering, with the rules in force (the saved text's without asking). */
function Preview({ page, text }: { page: LegalPageAdmin; text: string }) {
  const settled = useSettled(text, PREVIEW_DELAY_MS);
  const valid = legalPageUpdateSchema.safeParse({ markdown: settled }).success;
  const preview = useQuery({ ...legalPreviewQueryOptions(settled), enabled: valid && settled !== page.markdown });
  let body;
  if (settled === page.markdown) body = page.html;
  else if (!valid) body = undefined;
  else body = preview.data?.html;
  return (
    <section className="legal-preview" aria-labelledby="legal-preview-title" aria-busy={settled !== text || preview.isFetching}>
      <h3 id="legal-preview-title">Preview</h3>
      {preview.isError && settled !== page.markdown ? (
        <p role="alert">{messageOf(preview.error, 'The preview could not be made. Please try again.')}</p>
      ) : body !== undefined ? (
        // The server's sanitised rendering (api/src/legal/legal-markdown.ts), as the public page shows it.
        <div className="prose legal-page__body" dangerouslySetInnerHTML={{ __html: body }} />
      ) : valid ? (
        <Skeleton className="skeleton--row" />
      ) : (
        <p className="muted">The preview shows once the text is valid.</p>
      )}
    </section>
  );
}

function PageEditor({ page }: { page: LegalPageAdmin }) {
  const [text, setText] = useState(page.markdown);
  const [error, setError] = useState<string>();
  const save = useSaveLegalPage();
  const title = LEGAL_PAGE_TITLES[page.kind];
  const bytes = utf8ByteLength(text);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = legalPageUpdateSchema.safeParse({ markdown: text });
    if (!parsed.success) return setError(parsed.error.issues[0].message);
    setError(undefined);
    save.mutate(
      { kind: page.kind, markdown: parsed.data.markdown },
      {
        onSuccess: () => toast('Page saved', `The ${title.toLowerCase()} shows your text now.`),
        onError: (e) => {
          setError(messageOf(e, 'Could not save the page. Please try again.'));
          errorToast('Could not save the page', messageOf(e, 'Please try again.'));
        },
      },
    );
  };
  return (
    <div className="legal-editor">
      <form className="form" noValidate aria-label={`Edit the ${title}`} onSubmit={submit}>
        <Field id="legal-markdown" label={`${title}: text (Markdown)`} error={error}>
          <textarea
            rows={18}
            value={text}
            onChange={(event) => setText(event.target.value)}
            {...describedBy('legal-markdown', error)}
            aria-describedby={['legal-markdown-size', error ? 'legal-markdown-error' : ''].filter(Boolean).join(' ')}
          />
        </Field>
        <p id="legal-markdown-size" className={bytes > LEGAL_PAGE_MAX_BYTES ? 'field__error' : 'muted'}>
          {(bytes / 1000).toFixed(1)} KB of {LEGAL_PAGE_MAX_BYTES / 1000} KB
        </p>
        <SaveActions label="Save page" busy={save.isPending} disabled={text === page.markdown}>
          <button type="button" className="btn btn--outline" onClick={() => setText(page.defaultMarkdown)} disabled={text === page.defaultMarkdown}>
            Restore default text
          </button>
          <Link to={ROUTES[page.kind]}>Open the public page</Link>
        </SaveActions>
        <p className="muted">{page.updatedAt ? `Saved ${formatDateTime(page.updatedAt)}.` : 'This page shows the default text.'}</p>
      </form>
      <Preview page={page} text={text} />
    </div>
  );
}

function Reviewed({ reviewedAt }: { reviewedAt: string | null }) {
  const mark = useMarkLegalReviewed();
  return (
    <div className="notice">
      <p>
        {reviewedAt
          ? `You marked these pages as reviewed on ${formatDateTime(reviewedAt)}. Your edits since then keep them reviewed.`
          : 'These pages have not been marked as reviewed. Read all three (and have them checked if you can), then mark them as reviewed.'}
      </p>
      <button
        type="button"
        className="btn btn--outline"
        disabled={mark.isPending}
        onClick={() =>
          mark.mutate(undefined, {
            onSuccess: () => toast('Marked as reviewed', 'The go-live checklist counts the legal pages as done.'),
            onError: (e) => errorToast('Could not mark the pages as reviewed', messageOf(e, 'Please try again.')),
          })
        }
      >
        {mark.isPending ? 'Saving...' : 'Mark as reviewed'}
      </button>
    </div>
  );
}

function LegalPages({ data }: { data: LegalPagesAdmin }) {
  const [kind, setKind] = useState<LegalPageKind>('privacy');
  const page = data.pages.find((p) => p.kind === kind) ?? data.pages[0];
  return (
    <>
      <Reviewed reviewedAt={data.reviewedAt} />
      <Field id="legal-page-kind" label="Page">
        <select id="legal-page-kind" value={page.kind} onChange={(event) => setKind(event.target.value as LegalPageKind)}>
          <LabelledOptions values={LEGAL_PAGE_KINDS} labels={LEGAL_PAGE_TITLES} />
        </select>
      </Field>
      {/* Keyed by the page (and its saved text): another page, or the text just saved, starts a fresh editor. */}
      <PageEditor key={`${page.kind}:${page.updatedAt ?? 'default'}`} page={page} />
    </>
  );
}

/**
 * Admin → Legal pages: the privacy policy, the terms and the refund and cancellation policy in
 * Markdown, with a preview and the rules in force filled in (docs/admin.md "Legal pages").
 */
export function LegalTab() {
  const pages = useLegalPages();
  return (
    <AdminCard titleId="legal-pages-title" title="Legal pages">
      <p className="muted">
        Write in Markdown: <code>## Heading</code>, <code>- list item</code>, <code>**bold**</code>, <code>[link](https://…)</code>. HTML is shown as text.
        These words are replaced by the rule in force when the page is shown:
      </p>
      <ul className="muted legal-placeholders">
        {Object.entries(LEGAL_PLACEHOLDERS).map(([name, meaning]) => (
          <li key={name}>
            <code>{`{{${name}}}`}</code>: {meaning}
          </li>
        ))}
      </ul>
      <QueryState query={pages} failed="Failed to load the legal pages. Please try again.">
        {(data) => <LegalPages data={data} />}
      </QueryState>
    </AdminCard>
  );
}
