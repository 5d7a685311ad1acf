import { randomBytes } from 'node:crypto';
import { UniqueConstraintError } from 'sequelize';
import {
  hostedPageStylesOf,
  type HostedPageSettingsDto,
  type HostedPageSettingsInput,
  type HostedPageStyles,
} from '@syncdesk/contracts';
import type { Models } from '../../db/models';
import type { HostedPageSetting } from '../../db/hosted-page.models';
import { AppError, type FieldErrors } from '../../http/app-error';
import { outboundUrlMessage, outboundUrlProblem } from '@syncdesk/integrations';
import type { RequestScope } from '../../http/request-scope';
import { changedFields, type ActivityService } from '../activities/activity.service';
import { acceptLogo } from './logo-image';

/** Where an uploaded logo is served (public: the page's visitor has no account). */
export const hostedLogoPath = (key: string) => `/api/hostedPages/logo/${key}`;

/** A company's hosted-page look, as the page and its Content-Security-Policy need it. */
export interface HostedPageLook {
  logo_url: string | null;
  styles: HostedPageStyles;
}

export interface HostedPageSettingsService {
  get(scope: RequestScope): Promise<HostedPageSettingsDto>;
  update(scope: RequestScope, input: HostedPageSettingsInput): Promise<HostedPageSettingsDto>;
  /** Stores an uploaded logo (type by content, size-limited), replacing a logo url. */
  uploadLogo(scope: RequestScope, bytes: Buffer): Promise<HostedPageSettingsDto>;
  removeLogo(scope: RequestScope): Promise<HostedPageSettingsDto>;
  /** An uploaded logo by the key in its url; 404 for anything else. */
  logo(key: string): Promise<{ data: Buffer; type: string }>;
  /** The look a company's links show (defaults when it set none). */
  lookOf(companyId: number): Promise<HostedPageLook>;
}

function logoOf(row: HostedPageSetting | null): Pick<HostedPageSettingsDto, 'logo_url' | 'logo_source'> {
  if (row?.logo_key && row.logo_data)
    return { logo_url: hostedLogoPath(row.logo_key), logo_source: 'upload' };
  if (row?.logo_url) return { logo_url: row.logo_url, logo_source: 'url' };
  return { logo_url: null, logo_source: null };
}

const toDto = (row: HostedPageSetting | null): HostedPageSettingsDto => ({
  ...logoOf(row),
  styles: hostedPageStylesOf(row?.styles),
});

/** What the activity log keeps of a look: the logo's source and url, and the styles. */
const logged = (dto: HostedPageSettingsDto): Record<string, unknown> => ({
  logo_source: dto.logo_source,
  logo_url: dto.logo_source === 'url' ? dto.logo_url : null,
  ...dto.styles,
});

/**
 * The company's hosted-page look (`/hostedPagesSettings`): one row per company, made on first save.
 * Urls the visitor's browser will load (logo, stylesheets) must be https and, like every url we
 * store for a seller, public addresses (OUTBOUND_ALLOW_PRIVATE_TARGETS aside).
 */
export function createHostedPageSettingsService(deps: {
  models: Models;
  activities: ActivityService;
  allowPrivateTargets: boolean;
}): HostedPageSettingsService {
  const { models } = deps;
  const guard = { allowPrivateTargets: deps.allowPrivateTargets };

  const rowOf = (companyId: number) => models.HostedPageSetting.findOne({ where: { company_id: companyId } });

  async function save(
    scope: RequestScope,
    values: Partial<Pick<HostedPageSetting, 'logo_url' | 'logo_data' | 'logo_type' | 'logo_key' | 'styles'>>,
  ): Promise<HostedPageSettingsDto> {
    const row = await rowOf(scope.companyId);
    const before = toDto(row);
    let saved: HostedPageSetting;
    if (row) saved = await row.update(values);
    else {
      try {
        saved = await models.HostedPageSetting.create({
          company_id: scope.companyId,
          logo_url: null,
          logo_data: null,
          logo_type: null,
          logo_key: null,
          styles: { ...before.styles },
          ...values,
        });
      } catch (error) {
        // Two first saves at once: the other made the row (one per company); this one updates it.
        const made = error instanceof UniqueConstraintError ? await rowOf(scope.companyId) : null;
        if (!made) throw error;
        saved = await made.update(values);
      }
    }
    const after = toDto(saved);
    const changes = changedFields(logged(before), logged(after));
    if (changes) {
      await deps.activities.record(scope, {
        event: 'hosted_page_settings.updated',
        subjectType: 'hosted_page_settings',
        subjectId: saved.id,
        ...changes,
      });
    }
    return after;
  }

  async function urlErrors(input: HostedPageSettingsInput): Promise<FieldErrors | null> {
    const errors: FieldErrors = {};
    if (typeof input.logo_url === 'string') {
      const problem = await outboundUrlProblem(input.logo_url, guard);
      if (problem) errors.logo_url = [outboundUrlMessage(problem, 'logo URL')];
    }
    for (const [index, sheet] of (input.styles?.customStylesheets ?? []).entries()) {
      const problem = await outboundUrlProblem(sheet.url, guard);
      if (problem)
        errors[`styles.customStylesheets.${index}.url`] = [outboundUrlMessage(problem, 'stylesheet URL')];
    }
    return Object.keys(errors).length ? errors : null;
  }

  return {
    async get(scope) {
      return toDto(await rowOf(scope.companyId));
    },

    async update(scope, input) {
      const errors = await urlErrors(input);
      if (errors) throw AppError.validation(errors);
      const current = hostedPageStylesOf((await rowOf(scope.companyId))?.styles);
      const styles = { ...current, ...input.styles };
      const logo =
        input.logo_url === undefined
          ? {}
          : // A url replaces an uploaded logo; null (or '') removes whichever logo there is.
            { logo_url: input.logo_url, logo_data: null, logo_type: null, logo_key: null };
      return save(scope, { styles, ...logo });
    },

    async uploadLogo(scope, bytes) {
      const { data, type } = acceptLogo(bytes);
      // A new key per upload: the served logo can be cached for good, and an old url stops working.
      return save(scope, {
        logo_data: data,
        logo_type: type,
        logo_key: randomBytes(16).toString('hex'),
        logo_url: null,
      });
    },

    async removeLogo(scope) {
      return save(scope, { logo_url: null, logo_data: null, logo_type: null, logo_key: null });
    },

    async logo(key) {
      if (!/^[0-9a-f]{32}$/.test(key)) throw AppError.notFound();
      const row = await models.HostedPageSetting.findOne({ where: { logo_key: key } });
      if (!row?.logo_data || !row.logo_type) throw AppError.notFound();
      return { data: row.logo_data, type: row.logo_type };
    },

    async lookOf(companyId) {
      const dto = toDto(await rowOf(companyId));
      return { logo_url: dto.logo_url, styles: dto.styles };
    },
  };
}
