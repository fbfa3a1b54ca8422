import { CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';
import { Int, Varchar } from '../common/typed-columns';

/** One Content-Security-Policy violation a browser reported (migration 1765530000000-csp-reports). */
@Entity('csp_reports')
export class CspReportEntity {
  @PrimaryGeneratedColumn() id: number;
  @CreateDateColumn({ type: 'timestamptz' }) receivedAt: Date;

  /** The page, without its query string or fragment (an order link's token stays out). */
  @Varchar(2048) documentUrl: string;

  /** What was blocked: a URL without its query string, or the browser's word for it ('inline', 'eval', 'data'). */
  @Varchar(2048, { nullable: true }) blockedUrl: string | null;

  /** The directive that blocked it (effective-directive, else the violated one's name). */
  @Varchar(100) directive: string;
  @Varchar(2048, { nullable: true }) sourceFile: string | null;
  @Int({ nullable: true }) lineNumber: number | null;
  @Int({ nullable: true }) columnNumber: number | null;

  /** The first characters of the blocked code, as the browser gives them (at most 40 in Chromium), cut to 200. */
  @Varchar(200, { nullable: true }) sample: string | null;

  /** 'enforce' or 'report'. */
  @Varchar(20, { nullable: true }) disposition: string | null;
  @Varchar(512, { nullable: true }) userAgent: string | null;
}
