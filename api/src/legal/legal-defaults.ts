import type { LegalPageKind } from '@cocoa/shared-types';

/**
 * The pages' text until the owner writes their own: what this app really keeps and does, checked
 * against the code (docs/admin.md "Legal pages" lists where each claim comes from). `{{name}}` is
 * filled with the rule in force when the page is shown (LEGAL_PLACEHOLDERS).
 */
export const LEGAL_DEFAULTS: Readonly<Record<LegalPageKind, string>> = {
  privacy: `## What we keep about you

- **Your account**: your name, e-mail address, phone number and addresses, and your password as a one-way hash (never the password itself).
- **Your orders and bookings**: what you ordered or booked, the name, e-mail address, phone number and address you gave for it, the amounts paid and refunded, and what happened to it (paid, shipped, delivered...).
- **Your messages**: what you write to us through the contact form, an event inquiry or a booking request.
- **Your sign-ins**: for each of your account's last 20 sign-ins, when it happened, from which internet address and with which browser. You can see them on your account's Security page.
- **Notifications you asked for**: if you ask to be told when we arrive, your browser's push address and what you follow (a stop, our next check-in, or a place and a distance from it). We keep them until you turn the notification off or your browser's push service tells us the address is gone.

## On your device

- **One session cookie** (\`__Host-cocoa.sid\` on our secure site) keeps you signed in. It is only for that, and is not readable by scripts. You are signed out after {{customerIdleDays}} days without a visit, and after {{customerSessionDays}} days at most.
- **Your cart** is kept in your browser's storage (IndexedDB), so it is still there when you come back.
- **What you have looked at** (the catalogue, the event calendar, these pages) is kept in your browser's storage for up to 7 days, so the shop opens quickly and works without a connection. Your orders and account details are not kept there.
- **Messages waiting for a connection**: a contact message, event inquiry or booking request you send without a connection waits on your device and is sent when the connection is back. It stays listed there until you dismiss it.
- **Notifications**: the topics you follow are remembered in your browser.
- The app's own files and pictures are kept by your browser so the shop works offline. When you install the app or first put something in your cart, we ask your browser to keep this storage; if it says no, a phone short of space may clear a waiting cart or message.

We use no advertising or analytics cookies.

## E-mails we send

Only e-mails about what you did: the confirmation of an order, its shipping, delivery, cancellation or refund; the steps of a booking (received, our quote, confirmed, moved, declined or cancelled, the balance reminder and receipt); a reply to your message; and a password reset link when you ask for one. We send no newsletter or marketing e-mail.

## Payments

Card payments go through Square's payment form: your card details go straight from your browser to Square and never reach our server. We keep the payment's reference, amount and status. Square's own privacy notice applies to what you give Square.

## Who else sees your data

Square (payments, and its payment form, which your browser loads from Square), the service that delivers our e-mails, your browser's push service (notifications you asked for), and the map service that draws the tracker's map (your browser asks it for the map pictures). We do not sell or rent your data.

## Your choices

You can change your details in your account at any time, see your recent sign-ins and sign out your other devices on the Security page, and turn notifications off where you turned them on. To have your account and orders deleted, [write to us](/contact).
`,
  terms: `## Orders

Placing an order is an offer to buy. We confirm it by e-mail once payment is accepted. Prices are in US dollars; tax and shipping are added at checkout, before you pay.

## Payment

You pay by card through Square's payment form. Your card details go to Square, never to us.

## Products

Our mixes are food products made in a kitchen that also handles milk and nuts. Please read each description for allergen information.

## Event bookings

- Request a booking at least {{leadTimeDays}} days before the event. A request is not yet a booking: we reply with a confirmation or a quote.
- Your booking is confirmed when its deposit is paid: {{depositPercent}} % of the price, unless the package states another deposit (the booking form and our quote show the amount).
- The balance is due {{balanceDueDays}} days before the event; we send a reminder.
- Cancelling and refunds follow our [refund and cancellation policy](/refund-policy).

## Liability

We do our best to keep the site accurate and available but cannot promise it will be free of errors or interruptions.

Questions? [Contact us](/contact).
`,
  'refund-policy': `## Orders

- If something arrives damaged or is not right, [contact us](/contact) within 14 days of receipt and we will make it right.
- To cancel an order that has not shipped yet, [contact us](/contact) as soon as you can.
- A refund goes back to the card you paid with, through Square. Your bank may take a few business days to show it. We e-mail you when we refund.

## Event bookings

- A booking is confirmed by its deposit: {{depositPercent}} % of the price, unless the package states another deposit (the booking form and our quote show the amount). The balance is due {{balanceDueDays}} days before the event.
- Our cancellation policy: {{cancellationPolicy}}
- In numbers: cancel {{fullRefundDays}} or more days before the event day and everything you paid is refunded, the deposit included. Cancel later and the deposit is kept; anything you paid beyond the deposit is refunded.
- You can cancel from your booking's page (the link is in every booking e-mail); it shows what will be refunded before you confirm.
- If we have to cancel or move your booking, we tell you by e-mail, and a cancellation's e-mail states what we refund.

Questions? [Contact us](/contact).
`,
};
