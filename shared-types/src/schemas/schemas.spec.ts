import { contactSchema } from './contact.schema';
import { loginSchema, registerFormSchema, registerPayloadSchema } from './auth.schema';
import { shippingSchema } from './checkout.schema';
import { productCreateSchema, productUpdateSchema } from './catalogue.schema';
import { hasValidCoordinates } from '../tracker';
import { eventInputSchema } from './events.schema';

const firstMessage = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues[0]?.message;

describe('shared validation schemas', () => {
  it('contact: the exact messages of the spec', () => {
    const r = contactSchema.safeParse({ name: '', email: 'nope', subject: '', message: '' });
    expect(r.success).toBe(false);
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'Name is required',
      'Please enter a valid email address',
      'Subject is required',
      'Message is required',
    ]);
  });

  it('login and register: minimum lengths and matching confirmation', () => {
    expect(firstMessage(loginSchema.safeParse({ username: 'ab', password: 'secret1' }))).toBe('Username must be at least 3 characters');
    expect(firstMessage(loginSchema.safeParse({ username: 'abc', password: '12345' }))).toBe('Password must be at least 6 characters');
    const form = { username: 'cocoa', email: 'a@b.co', password: 'secret-one', confirmPassword: 'secret-two' };
    const r = registerFormSchema.safeParse(form);
    expect(r.error?.issues[0]).toMatchObject({ message: "Passwords don't match", path: ['confirmPassword'] });
    const payload = registerPayloadSchema.parse({ username: 'cocoa', email: 'a@b.co', password: 'secret-one' });
    expect(payload.country).toBe('US');
    expect(registerPayloadSchema.safeParse({ ...form }).success).toBe(false); // confirmPassword is not sent
  });

  it('shipping: each field with its message', () => {
    const r = shippingSchema.safeParse({
      firstName: 'A',
      lastName: 'B',
      email: 'x',
      phone: '123',
      address: '1',
      city: 'C',
      state: 'N',
      zipCode: '1',
      country: 'FR',
    });
    expect(r.error?.issues.map((i) => i.message)).toEqual([
      'First name is required',
      'Last name is required',
      'Invalid email address',
      'Valid phone number is required',
      'Address is required',
      'City is required',
      // the region and the postcode are checked by the country's rules: none for a country we do not know
      'Country is required',
    ]);
    const us = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', phone: '(217) 555-0142', address: '12 Analytical Way', city: 'Springfield' };
    expect(shippingSchema.safeParse({ ...us, state: '', zipCode: '', country: 'US' }).error?.issues.map((i) => i.message)).toEqual([
      'State is required',
      'ZIP code is required',
    ]);
  });

  it('product: price with at most two decimals, slug optional, unknown keys refused', () => {
    expect(productCreateSchema.parse({ name: 'Cocoa', price: 12.99 })).toMatchObject({ slug: null, inStock: true, featured: false });
    expect(productCreateSchema.safeParse({ name: 'Cocoa', price: 1.999 }).success).toBe(false);
    expect(productCreateSchema.safeParse({ name: 'Cocoa', price: -1 }).success).toBe(false);
    expect(productCreateSchema.safeParse({ name: 'Cocoa', price: '12' }).success).toBe(false);
    expect(productCreateSchema.safeParse({ name: 'Cocoa', price: 1, hacker: true }).success).toBe(false);
    expect(productCreateSchema.safeParse({ name: 'Cocoa', price: 1, imageUrl: 'javascript:alert(1)' }).success).toBe(false);
    expect(productUpdateSchema.safeParse({}).success).toBe(false);
    expect(productUpdateSchema.parse({ featured: true })).toEqual({ featured: true });
  });

  it('location form: required fields and HH:MM times', () => {
    const ok = eventInputSchema.parse({
      title: 'Market',
      location: 'Park',
      address: '1 Main St',
      date: '2026-11-22T12:00:00.000Z',
      startTime: '09:00',
      endTime: '',
    });
    expect(ok.endTime).toBeNull();
    expect(
      eventInputSchema.safeParse({ title: 'Market', location: 'Park', address: '1 Main St', date: '2026-11-22T12:00:00Z', startTime: '9am' }).success,
    ).toBe(false);
    expect(firstMessage(eventInputSchema.safeParse({ title: '', location: 'x', address: 'y', date: '2026-11-22T12:00:00Z' }))).toBe('Title is required');
    // Instants outside UTC years 1-9999 (here 1 BC and 10000 AD) are not stored alike by every database.
    for (const date of ['0000-06-01T00:00:00Z', '9999-12-31T23:59:59-12:00']) {
      expect(firstMessage(eventInputSchema.safeParse({ title: 'Market', location: 'x', address: 'y', date }))).toBe(
        'Date must be between the years 1 and 9999',
      );
    }
  });

  it('coordinates must be finite numbers within range', () => {
    expect(hasValidCoordinates({ latitude: 39.8, longitude: -98.5 })).toBe(true);
    expect(hasValidCoordinates({ latitude: null, longitude: -98.5 })).toBe(false);
    expect(hasValidCoordinates({ latitude: '39.8', longitude: -98.5 })).toBe(false);
    expect(hasValidCoordinates({ latitude: 91, longitude: 0 })).toBe(false);
  });
});
