import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  doublePrecision,
  index,
  integer,
  pgTable,
  text,
  uuid,
} from 'drizzle-orm/pg-core';
import type { MediaKind, SecureFileType, StoredThumbnail } from '../shared/model.ts';
import { at, createdDate, datedTable, flag, jsonList } from '../shared/columns.ts';

/**
 * Uploaded media files (SPEC §3 media type, file type). The bytes live in the media storage under
 * `<id>/<filename>` (thumbnails `<id>/thumb-<size>.webp`); this row says what they are and who may read them.
 */
export const mediaFiles = datedTable(
  'media_files',
  {
    /** Safe file name (`[A-Za-z0-9._-]`), the last segment of the media URL. */
    filename: text('filename').notNull(),
    /** Detected from the bytes, never taken from the client. */
    mimeType: text('mime_type').notNull(),
    /** Short format name: `jpg`, `png`, `webp`, `mp4`, `pdf`… */
    format: text('format').notNull(),
    sizeInBytes: bigint('size_in_bytes', { mode: 'number' }).notNull(),
    /** Pixels (images, videos); 0 when unknown or not visual. */
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    durationMs: integer('duration_ms'),
    mediaType: text('media_type').$type<MediaKind>().notNull(),
    /** Secure files (digital products) are served only through short-lived signed download links. */
    private: flag('private', false),
    fileType: text('file_type').$type<SecureFileType>(),
    folder: text('folder').notNull().default(''),
    /** Percent of width and height (0–100); both or neither. */
    focalX: doublePrecision('focal_x'),
    focalY: doublePrecision('focal_y'),
    /** WebP thumbnails made on upload (images). */
    thumbnails: jsonList<StoredThumbnail>('thumbnails'),
    /** Videos: the poster image (an uploaded image or a generated placeholder), itself a media file. */
    posterId: uuid('poster_id').references((): AnyPgColumn => mediaFiles.id, { onDelete: 'set null' }),
  },
  (t) => [
    check(
      'media_files_media_type_check',
      sql`${t.mediaType} in ('image', 'video', 'audio', 'document', 'zip')`,
    ),
    check(
      'media_files_file_type_check',
      sql`(${t.private} and ${t.fileType} in ('SECURE_PICTURE', 'SECURE_VIDEO', 'SECURE_DOCUMENT', 'SECURE_MUSIC', 'SECURE_ARCHIVE')) or (not ${t.private} and ${t.fileType} is null)`,
    ),
    check('media_files_focal_point_check', sql`(${t.focalX} is null) = (${t.focalY} is null)`),
    index('media_files_created_date_idx').on(t.createdDate, t.id),
    index('media_files_poster_idx').on(t.posterId),
  ],
);

/**
 * HMAC secrets of media links. The first process to start creates one (a fixed kid, so only one); processes
 * sign with the newest active secret and verify with all active ones. Rotate by adding one, restarting, and
 * retiring the old one after the longest link lifetime (8 days).
 */
export const mediaSigningKeys = pgTable('media_signing_keys', {
  kid: text('kid').primaryKey(),
  /** 32 random bytes, base64url. */
  secret: text('secret').notNull(),
  createdDate: createdDate(),
  retiredDate: at('retired_date'),
});
