import {
  ADMIN_MESSAGES,
  type ActingPartner,
  type AdminServicePartner,
  type AdminUser,
  type AdminUserListQuery,
  type ServicePartnerListQuery,
} from '@service-portal/shared/admin';
import type { AccessSubject } from '@service-portal/shared/access';
import type { Role } from '@service-portal/shared/auth';
import type { ErrorCode } from '@service-portal/shared/problem';
import { AppError, notFound } from '../../errors.ts';
import type { MailMessage } from '../../integrations/mail/mailer.ts';
import type { AdminRepository, UserValues } from './admin.repository.ts';

/** The global administrator making the change. */
export interface AdminActor extends AccessSubject {
  id: string;
  firstName: string;
  lastName: string;
}

export interface AdminDeps {
  repo: AdminRepository;
  /** Mail leaves the request path (app.outbox). */
  outbox: { enqueue(message: MailMessage, purpose: string): Promise<void> };
  /** Where the web app is served, for the sign-in link in invitations. */
  publicUrl: string;
  /** Called after a committed change to a user or partner: signed-in callers are re-read. */
  onAuthChange?: () => void | Promise<void>;
}

interface UserFields {
  firstName: string;
  lastName: string;
  servicePartnerId: string | null;
  roles: Role[];
  isActive: boolean;
  isGlobalAdmin: boolean;
  department: string | null;
  jobTitle: string | null;
  phoneNumber: string | null;
}

const iso = (d: Date) => d.toISOString();
const conflict = (detail: string, path?: string, code: ErrorCode = 'conflict') =>
  new AppError(code, 409, detail, path ? { errors: [{ path, message: detail }] } : {});
const versionConflict = (what: string) =>
  new AppError('version_conflict', 409, `The ${what} was changed by someone else. Reload it and try again.`);

function toPartner(row: {
  id: string;
  name: string;
  isActive: boolean;
  timeZone: string;
  createdAt: Date;
  updatedAt: Date;
  version: number;
  userCount: number;
  activeUserCount: number;
}): AdminServicePartner {
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

function toUser<T extends { createdAt: Date; updatedAt: Date }>(row: T) {
  return { ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) };
}

function userValues(input: UserFields): UserValues {
  return {
    firstName: input.firstName,
    lastName: input.lastName,
    servicePartnerId: input.servicePartnerId,
    roles: input.roles,
    isActive: input.isActive,
    isGlobalAdmin: input.isGlobalAdmin,
    department: input.department,
    jobTitle: input.jobTitle,
    phoneNumber: input.phoneNumber,
  };
}

/** The invitation: where to sign in and how (an e-mailed code; there is no password). */
export function invitationMail(
  user: { email: string; firstName: string },
  inviter: { firstName: string; lastName: string },
  partnerName: string | null,
  publicUrl: string,
): Omit<MailMessage, 'to'> {
  const loginUrl = `${publicUrl.replace(/\/+$/, '')}/login`;
  const where = partnerName ? ` for ${partnerName}` : '';
  return {
    subject: 'You have been invited to Service Portal',
    text: [
      `Hello ${user.firstName},`,
      '',
      `${inviter.firstName} ${inviter.lastName} has given you access to Service Portal${where}.`,
      '',
      `Sign in here: ${loginUrl}`,
      '',
      `There is no password. Enter your e-mail address (${user.email}) and we will e-mail you a`,
      'one-time code to sign in with.',
      '',
      'If you did not expect this invitation, you can ignore this message.',
    ].join('\n'),
  };
}

export function createAdminService(deps: AdminDeps) {
  const { repo } = deps;

  async function partnerOrThrow(id: string): Promise<AdminServicePartner> {
    const row = await repo.getPartner(id);
    if (!row) throw notFound('Service partner');
    return toPartner(row);
  }

  async function userOrThrow(id: string): Promise<AdminUser> {
    const row = await repo.getUser(id);
    if (!row) throw notFound('User');
    return toUser(row);
  }

  /** The partner a user is put in must exist (400 on the field otherwise). */
  async function assertPartner(id: string | null) {
    if (id && !(await repo.partnerExists(id))) {
      throw new AppError('validation_failed', 400, 'The request is not valid.', {
        errors: [{ path: 'servicePartnerId', message: ADMIN_MESSAGES.partnerNotFound }],
      });
    }
  }

  return {
    // --- service partners ------------------------------------------------------------------------

    async listPartners(query: ServicePartnerListQuery) {
      const { items, total } = await repo.listPartners(query);
      return { items: items.map(toPartner), total, page: query.page, pageSize: query.pageSize };
    },

    getPartner: partnerOrThrow,

    async createPartner(input: { name: string; timeZone: string }): Promise<AdminServicePartner> {
      if (await repo.partnerNameTaken(input.name, null))
        throw conflict(ADMIN_MESSAGES.partnerNameTaken, 'name', 'name_taken');
      const created = await repo.insertPartner(input);
      if (created === 'duplicate') throw conflict(ADMIN_MESSAGES.partnerNameTaken, 'name', 'name_taken');
      return partnerOrThrow(created.id);
    },

    /**
     * Deactivating a partner needs nothing more here: every request re-reads the caller's partner,
     * so its users' tokens stop working on their next request (docs/decisions/003-sessions.md).
     */
    async updatePartner(
      id: string,
      input: { name: string; isActive: boolean; timeZone?: string | undefined; version: number },
    ): Promise<AdminServicePartner> {
      const current = await partnerOrThrow(id);
      if (current.version !== input.version) throw versionConflict('service partner');
      if (await repo.partnerNameTaken(input.name, id))
        throw conflict(ADMIN_MESSAGES.partnerNameTaken, 'name', 'name_taken');
      const { version, ...values } = input;
      const result = await repo.updatePartnerIfVersion(id, version, values);
      await deps.onAuthChange?.();
      if (result === 'duplicate') throw conflict(ADMIN_MESSAGES.partnerNameTaken, 'name', 'name_taken');
      if (!result) {
        await partnerOrThrow(id);
        throw versionConflict('service partner');
      }
      return partnerOrThrow(id);
    },

    async actingPartners(): Promise<ActingPartner[]> {
      return repo.activePartners();
    },

    // --- users -------------------------------------------------------------------------------------

    async listUsers(query: AdminUserListQuery) {
      const { items, total } = await repo.listUsers(query);
      return { items: items.map(toUser), total, page: query.page, pageSize: query.pageSize };
    },

    getUser: userOrThrow,

    /** Creates the user and, when active, e-mails them where and how to sign in. */
    async inviteUser(actor: AdminActor, input: UserFields & { email: string }): Promise<AdminUser> {
      await assertPartner(input.servicePartnerId);
      if (await repo.emailTaken(input.email))
        throw conflict(ADMIN_MESSAGES.emailTaken, 'email', 'email_taken');
      const created = await repo.insertUser({ ...userValues(input), email: input.email });
      if (created === 'duplicate') throw conflict(ADMIN_MESSAGES.emailTaken, 'email', 'email_taken');
      const user = await userOrThrow(created.id);
      // An inactive user could not sign in, so an invitation would only confuse them.
      if (user.isActive) {
        await deps.outbox.enqueue(
          { to: user.email, ...invitationMail(user, actor, user.servicePartnerName, deps.publicUrl) },
          'invitation',
        );
      }
      return user;
    },

    /**
     * Roles, partner, names and the flags take effect on the user's next request: every request
     * reads the user afresh (docs/decisions/003-sessions.md). A global administrator cannot lock
     * themself out: their own flag and active state stay as they are.
     */
    async updateUser(
      actor: AdminActor,
      id: string,
      input: UserFields & { version: number },
    ): Promise<AdminUser> {
      const current = await userOrThrow(id);
      if (current.version !== input.version) throw versionConflict('user');
      if (id === actor.id && !input.isGlobalAdmin) {
        throw conflict(ADMIN_MESSAGES.cannotRemoveOwnGlobalAdmin, 'isGlobalAdmin');
      }
      if (id === actor.id && !input.isActive) throw conflict(ADMIN_MESSAGES.cannotDeactivateSelf, 'isActive');
      await assertPartner(input.servicePartnerId);
      const updated = await repo.updateUserIfVersion(id, input.version, userValues(input));
      await deps.onAuthChange?.();
      if (!updated) {
        await userOrThrow(id);
        throw versionConflict('user');
      }
      return userOrThrow(id);
    },
  };
}

export type AdminService = ReturnType<typeof createAdminService>;
