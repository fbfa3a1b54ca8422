import { Body, Button, Container, Head, Heading, Hr, Html, Img, Link, Preview, Section, Text } from './elements';
import { type CSSProperties, Fragment, type ReactNode } from 'react';
import type { ShopIdentity } from './types';

/**
 * Colours of every message: dark cocoa on white and cream (contrast over 12:1), the button white on
 * dark cocoa (over 10:1), muted text #5c4636 on white (over 8:1), so text stays readable in
 * clients that keep our colours and in those that invert them.
 */
export const COLOURS = { text: '#2b1a10', muted: '#5c4636', accent: '#5a3418', page: '#f6f1ec', line: '#e4d7cb', notice: '#fff4d6' } as const;

const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

export const styles = {
  text: { color: COLOURS.text, fontSize: '16px', lineHeight: '24px', margin: '0 0 16px' },
  muted: { color: COLOURS.muted, fontSize: '14px', lineHeight: '22px', margin: '0 0 8px' },
  heading: { color: COLOURS.text, fontSize: '24px', lineHeight: '32px', margin: '0 0 16px', fontWeight: 700 },
  subheading: { color: COLOURS.text, fontSize: '18px', lineHeight: '26px', margin: '24px 0 8px', fontWeight: 700 },
  link: { color: COLOURS.accent, textDecoration: 'underline' },
  button: {
    backgroundColor: COLOURS.accent,
    color: '#ffffff',
    borderRadius: '6px',
    fontSize: '16px',
    fontWeight: 700,
    padding: '14px 24px',
    textDecoration: 'none',
  },
  notice: {
    backgroundColor: COLOURS.notice,
    color: COLOURS.text,
    border: `1px solid ${COLOURS.line}`,
    borderRadius: '6px',
    padding: '12px 16px',
    fontSize: '16px',
    lineHeight: '24px',
    margin: '0 0 16px',
  },
  quote: { borderLeft: `4px solid ${COLOURS.line}`, padding: '4px 0 4px 16px', margin: '0 0 16px 0' },
} satisfies Record<string, CSSProperties>;

interface MailLayoutProps {
  shop: ShopIdentity;
  /** The message's subject: the HTML document's title. */
  title: string;
  /** The line inbox lists show after the subject (hidden in the message; skipped in the text part). */
  preview: string;
  /** Why the reader gets this message, printed above the shop's address. */
  footerNote: string;
  children: ReactNode;
}

/**
 * Every message's frame: the logo (its alt text the shop's name) and name linking to the site, the
 * message, then the footer with the shop's name, postal address, e-mail, phone and a link back.
 * Layout tables come from react-email's Container and Section (role="presentation"); only the
 * order lines are a data table (order-parts.tsx). lang is set for screen readers.
 */
export function MailLayout({ shop, title, preview, footerNote, children }: MailLayoutProps) {
  const host = hostOf(shop.siteUrl);
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <title>{title}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={{ backgroundColor: COLOURS.page, color: COLOURS.text, fontFamily: FONT, margin: 0, padding: '24px 0' }}>
        <Container style={{ backgroundColor: '#ffffff', border: `1px solid ${COLOURS.line}`, borderRadius: '8px', maxWidth: '600px', padding: '24px' }}>
          {/* The text part has no image: it opens with the message's heading; the footer names the shop. */}
          <Section style={{ paddingBottom: '16px' }} data-skip-in-text="true">
            <Link href={shop.siteUrl} style={{ color: COLOURS.text, textDecoration: 'none' }}>
              <Img
                src={shop.logoUrl}
                alt={shop.name}
                width="56"
                height="56"
                style={{ borderRadius: '12px', display: 'inline-block', verticalAlign: 'middle' }}
              />
            </Link>
          </Section>
          {children}
          <Hr style={{ borderTop: `1px solid ${COLOURS.line}`, margin: '32px 0 16px' }} />
          <Section>
            <Text style={styles.muted}>{footerNote}</Text>
            <Text style={{ ...styles.muted, fontWeight: 700, margin: '16px 0 0' }}>{shop.name}</Text>
            <Text style={styles.muted}>
              {shop.address.map((line, i) => (
                <Fragment key={i}>
                  {i > 0 && <br />}
                  {line}
                </Fragment>
              ))}
            </Text>
            <Text style={styles.muted}>
              E-mail:{' '}
              <Link href={`mailto:${shop.email}`} style={styles.link}>
                {shop.email}
              </Link>
              {shop.phone && (
                <>
                  <br />
                  Phone: {shop.phone}
                </>
              )}
            </Text>
            <Text style={styles.muted}>
              <Link href={shop.siteUrl} style={styles.link}>
                Visit {host}
              </Link>
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** 'shop.example.com' of 'https://shop.example.com/': how people read the link back. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** A button link: the text part prints its words then its URL. */
export function ActionButton({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: '8px 0 24px' }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/** The address of an ActionButton written out, for mail clients that do not show the button (the text part already prints it after the button's words). */
export function ButtonAddress({ href }: { href: string }) {
  return (
    <Text style={styles.text} data-skip-in-text="true">
      If the button does not work, copy this address into your browser:
      <br />
      <Link href={href} style={{ ...styles.link, wordBreak: 'break-all' }}>
        {href}
      </Link>
    </Text>
  );
}

/**
 * Text someone typed (a message, a reply): each blank-line-separated paragraph a paragraph, each
 * line break a <br>. React escapes it, so markup in it shows as typed and never runs.
 */
export function TypedText({ text, style = styles.text }: { text: string; style?: CSSProperties }) {
  const paragraphs = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .filter((p) => p.trim() !== '');
  return (
    <>
      {paragraphs.map((paragraph, i) => (
        <Text key={i} style={style}>
          {paragraph.split('\n').map((line, j) => (
            <Fragment key={j}>
              {j > 0 && <br />}
              {line}
            </Fragment>
          ))}
        </Text>
      ))}
    </>
  );
}

/**
 * A message's data table under its heading: the one real table of a message (column or
 * row headers); the text part prints every `mail-data` table as aligned columns.
 */
export function DataTable({ heading, children }: { heading: ReactNode; children: ReactNode }) {
  return (
    <>
      <Heading as="h2" style={styles.subheading}>
        {heading}
      </Heading>
      <table className="mail-data" width="100%" cellPadding={0} cellSpacing={0} style={{ borderCollapse: 'collapse', margin: '0 0 16px', width: '100%' }}>
        {children}
      </table>
    </>
  );
}
