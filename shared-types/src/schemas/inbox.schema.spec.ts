import { INBOX_EXCERPT_LENGTH, INBOX_FILTERS, inboxExcerpt, inboxListQuerySchema, inboxReplySchema, inquirySubject } from './inbox.schema';

describe('the inbox rules', () => {
  it('makes an excerpt of one line, cut at a word with an ellipsis', () => {
    expect(inboxExcerpt('  Hello,\r\n\r\n  can you   ship to Cork?  ')).toBe('Hello, can you ship to Cork?');
    const long =
      'Our café in Cork would like to order hot cocoa for the winter season, about forty bags a month, delivered before the first of November if possible.';
    const excerpt = inboxExcerpt(long);
    expect(excerpt.length).toBeLessThanOrEqual(INBOX_EXCERPT_LENGTH + 1);
    expect(excerpt).toBe(
      'Our café in Cork would like to order hot cocoa for the winter season, about forty bags a month, delivered before the first of November if…',
    );
    // One long word (a URL) is cut where it must be.
    expect(inboxExcerpt('x'.repeat(300))).toBe(`${'x'.repeat(INBOX_EXCERPT_LENGTH)}…`);
  });

  it('describes an inquiry by its event and guests', () => {
    expect(inquirySubject({ eventType: 'wedding', guests: 120 })).toBe('Wedding, 120 guests');
    expect(inquirySubject({ eventType: 'corporate', guests: 1 })).toBe('Corporate event, 1 guest');
  });

  it('reads the list query from a query string, inbox and first page by default', () => {
    expect(inboxListQuerySchema.parse({})).toEqual({ state: 'all', page: 1 });
    expect(inboxListQuerySchema.parse({ state: 'archived', page: '3' })).toEqual({ state: 'archived', page: 3 });
    for (const bad of [{ page: '1e3' }, { page: '-1' }, { page: ' 2' }, { state: 'ALL' }, { extra: '1' }])
      expect(inboxListQuerySchema.safeParse(bad).success).toBe(false);
  });

  it('trims a reply and refuses an empty one', () => {
    expect(inboxReplySchema.parse({ body: '\n Thanks! \n' })).toEqual({ body: 'Thanks!' });
    expect(inboxReplySchema.safeParse({ body: ' \t ' }).error?.issues[0].message).toBe('Reply is required');
  });

  it('keeps archived messages out of the inbox and the unread view', () => {
    expect(INBOX_FILTERS).toEqual({ unread: { read: false, archived: false }, all: { archived: false }, archived: { archived: true } });
  });
});
