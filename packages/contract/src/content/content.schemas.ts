import { z } from 'zod';
import { int, multiline, text } from '../shared/validation.js';
import { ARTICLE_TITLES } from '../shared/constants.js';
import {
  articleFormFailure,
  bannerFormFailure,
  CONTENT_LIMITS,
  CONTENT_MSG,
  gameEntryFormFailure,
  newGameEntryFailure,
  noticeFormFailure,
} from './content.admin.js';

/**
 * Request schemas of the console's content management (content.admin.ts). Shapes coerce; the rules
 * in content.admin.ts decide, with their messages, so the console and the server refuse alike.
 */

const loose = () => z.union([z.number(), z.string().max(20)]);
function checked<S extends z.ZodRawShape>(shape: S, failure: (v: Record<string, unknown>) => string | null) {
  return z.object(shape).superRefine((v, ctx) => {
    const message = failure(v as Record<string, unknown>);
    if (message) ctx.addIssue({ code: 'custom', message });
  });
}

/** POST /admin/api/banners and /banners/:id */
export const bannerSaveSchema = checked(
  {
    type: loose(),
    src: text(300),
    url: text(CONTENT_LIMITS.linkMax),
    sort: loose().default(0),
    enabled: z.boolean().default(true),
  },
  bannerFormFailure,
);

/** POST /admin/api/banners/:id/state, /notices/:id/state {enabled} */
export const contentStateSchema = z.object({ enabled: z.boolean() });

/** POST /admin/api/notices and /notices/:id */
export const noticeSaveSchema = checked(
  {
    title: text(CONTENT_LIMITS.noticeTitleMax),
    content: multiline(z.string().max(CONTENT_LIMITS.noticeContentMax * 4).default('')),
    on_home: z.boolean().default(true),
    enabled: z.boolean().default(true),
  },
  noticeFormFailure,
);

/** /admin/api/articles/:type: one of ARTICLE_TITLES' types. */
export const articleParams = z.object({
  type: z.coerce.number().int().refine((t) => ARTICLE_TITLES[t] !== undefined, { message: CONTENT_MSG.articleType }),
});

const htmlField = () => multiline(z.string().max(CONTENT_LIMITS.htmlMax + 1).default(''));

/** POST /admin/api/articles/:type {title, content} */
export const articleSaveSchema = checked(
  { title: text(CONTENT_LIMITS.articleTitleMax), content: htmlField() },
  articleFormFailure,
);

/** POST /admin/api/articles/preview {content}: what the sanitizer keeps. */
export const articlePreviewSchema = z.object({ content: htmlField() });

/** POST /admin/api/game-entries/:id */
export const gameEntrySaveSchema = checked(
  { name: text(CONTENT_LIMITS.gameNameMax), image: text(300), app_state: z.union([z.literal(0), z.literal(1)]).default(1), sort: loose().default(0) },
  gameEntryFormFailure,
);

/** POST /admin/api/game-entries: a new tile (the venue must exist: the server checks). */
export const newGameEntrySchema = checked(
  {
    category_id: text(20),
    platform_name: text(40),
    game_code: text(CONTENT_LIMITS.gameCodeMax),
    name: text(CONTENT_LIMITS.gameNameMax),
    image: text(300),
    app_state: z.union([z.literal(0), z.literal(1)]).default(1),
    sort: loose().default(0),
  },
  newGameEntryFailure,
);

/** /admin/api/venues/:code */
export const venueParams = z.object({ code: text(40) });

/** POST /admin/api/venues/:code/maintenance {maintenance} */
export const venueMaintenanceSchema = z.object({ maintenance: z.boolean() });

// ---- what members read: help articles, banners ----------------------------------------------------

export const articleSchema = z.object({ type: int(1, 20) });

export const bannerListSchema = z.object({ type: int(1, 10).catch(2).default(2) });
