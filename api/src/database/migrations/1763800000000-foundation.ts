import type { MigrationInterface, QueryRunner } from 'typeorm';

/** Accounts, sessions, mail outbox, contact, catalogue, scheduled locations and settings. */
export class Foundation1763800000000 implements MigrationInterface {
  name = 'Foundation1763800000000';

  async up(q: QueryRunner): Promise<void> {
    await q.query(`
      CREATE TABLE users (
        id serial PRIMARY KEY,
        username varchar(50) NOT NULL,
        email varchar(254) NOT NULL,
        password_hash text NOT NULL,
        first_name varchar(100),
        last_name varchar(100),
        phone varchar(30),
        address varchar(200),
        city varchar(100),
        state varchar(50),
        zip_code varchar(20),
        country varchar(2) NOT NULL DEFAULT 'US',
        is_admin boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));
      CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email));

      CREATE TABLE session (
        sid varchar NOT NULL PRIMARY KEY,
        sess json NOT NULL,
        expire timestamp(6) NOT NULL
      );
      CREATE INDEX session_expire_idx ON session (expire);

      CREATE TABLE password_reset_tokens (
        id serial PRIMARY KEY,
        user_id integer NOT NULL REFERENCES users(id) ON DELETE CASCADE,
        token_hash char(64) NOT NULL UNIQUE,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        created_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id);

      CREATE TABLE mail_outbox (
        id serial PRIMARY KEY,
        recipient varchar(254) NOT NULL,
        subject varchar(300) NOT NULL,
        body_text text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE contact_messages (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        email varchar(254) NOT NULL,
        subject varchar(200) NOT NULL,
        message text NOT NULL,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE categories (
        id serial PRIMARY KEY,
        name varchar(80) NOT NULL,
        slug varchar(80) NOT NULL UNIQUE,
        description text,
        image_url varchar(500),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE products (
        id serial PRIMARY KEY,
        name varchar(120) NOT NULL,
        slug varchar(80) NOT NULL UNIQUE,
        subtitle varchar(200),
        description text,
        price_cents integer NOT NULL CHECK (price_cents >= 0),
        image_url varchar(500),
        hot_image_url varchar(500),
        iced_image_url varchar(500),
        shake_image_url varchar(500),
        featured_image_url varchar(500),
        background_image_url varchar(500),
        category_id integer REFERENCES categories(id) ON DELETE SET NULL,
        in_stock boolean NOT NULL DEFAULT true,
        featured boolean NOT NULL DEFAULT false,
        variation_id varchar(100),
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX products_category_idx ON products (category_id);
      CREATE INDEX products_listing_idx ON products (featured DESC, name);
      CREATE UNIQUE INDEX products_variation_key ON products (variation_id) WHERE variation_id IS NOT NULL;

      CREATE TABLE testimonials (
        id serial PRIMARY KEY,
        name varchar(100) NOT NULL,
        content text NOT NULL,
        rating double precision NOT NULL CHECK (rating >= 0 AND rating <= 5),
        featured boolean NOT NULL DEFAULT true,
        created_at timestamptz NOT NULL DEFAULT now()
      );

      CREATE TABLE scheduled_locations (
        id serial PRIMARY KEY,
        title varchar(200) NOT NULL,
        description text,
        location varchar(200),
        address varchar(500),
        date timestamptz NOT NULL,
        start_time varchar(5),
        end_time varchar(5),
        latitude double precision,
        longitude double precision,
        created_at timestamptz NOT NULL DEFAULT now(),
        updated_at timestamptz NOT NULL DEFAULT now()
      );
      CREATE INDEX scheduled_locations_date_idx ON scheduled_locations (date);

      CREATE TABLE settings (
        key varchar(100) PRIMARY KEY,
        value text NOT NULL,
        updated_at timestamptz NOT NULL DEFAULT now()
      );
    `);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`
      DROP TABLE settings; DROP TABLE scheduled_locations; DROP TABLE testimonials; DROP TABLE products;
      DROP TABLE categories; DROP TABLE contact_messages; DROP TABLE mail_outbox;
      DROP TABLE password_reset_tokens; DROP TABLE session; DROP TABLE users;
    `);
  }
}
