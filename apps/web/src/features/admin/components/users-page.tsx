import { ROLES, type Role } from '@l4l/shared/constants/roles';
import { type AdminUser, USER_STATES, type UserState } from '@l4l/shared/schemas/admin';
import { es } from '@l4l/shared/texts/es/admin';
import { useEffect, useState } from 'react';
import { Button } from '../../../components/button/button.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDay } from '../../../lib/format.ts';
import { toast } from '../../../lib/toast.ts';
import { useBanUser } from '../api/ban-user.ts';
import { type AdminUsersFilters, useAdminUsers } from '../api/get-admin-users.ts';
import { useUnbanUser } from '../api/unban-user.ts';
import styles from './admin.module.css';
import { type Column, DataTable, nextSort, Pager } from './data-table.tsx';
import { QueryState, SectionHeading } from './query-state.tsx';
import { ReasonDialog } from './reason-dialog.tsx';

type SortKey = AdminUsersFilters['sort'];
const SEARCH_DELAY_MS = 300;
const fullName = (user: AdminUser) => `${user.name} ${user.surname}`.trim();
const failure = (error: unknown) => (isApiError(error) ? error.message : es.admin.lawyers.actionFailed);

type RowActions = {
  unbanning: boolean;
  onBan: (user: AdminUser) => void;
  onUnban: (user: AdminUser) => void;
};

/** The table's columns; the last holds the ban or unban button (none for administrators). */
function userColumns(actions: RowActions): Column<AdminUser, SortKey>[] {
  const t = es.admin.users;
  return [
    {
      id: 'name',
      header: t.name,
      sortKey: 'name',
      cell: (user) => (
        <>
          <strong>{fullName(user)}</strong>
          {user.banReason ? <span className={styles.subline}>{t.bannedBecause(user.banReason)}</span> : null}
        </>
      ),
    },
    {
      id: 'mail',
      header: t.mail,
      sortKey: 'mail',
      className: styles.breakAnywhere,
      cell: (user) => user.mail,
    },
    {
      id: 'role',
      header: t.role,
      cell: (user) => (
        <>
          {t.roles[user.role]}
          {user.lawyerStatus ? (
            <span className={styles.subline}>{t.lawyerStates[user.lawyerStatus]}</span>
          ) : null}
        </>
      ),
    },
    {
      id: 'state',
      header: t.state,
      cell: (user) => (
        <span className={user.banned ? styles.badgeDanger : styles.badgeOk}>
          {user.banned ? t.states.banned : t.states.active}
        </span>
      ),
    },
    {
      id: 'createdAt',
      header: t.createdAt,
      sortKey: 'createdAt',
      className: styles.hideNarrow,
      cell: (user) => formatDay(user.createdAt),
    },
    {
      id: 'lastConnection',
      header: t.lastConnection,
      sortKey: 'lastConnection',
      className: styles.hideNarrow,
      cell: (user) => (user.lastConnection ? formatDay(user.lastConnection) : t.never),
    },
    {
      id: 'actions',
      header: es.admin.table.actions,
      cell: (user) =>
        user.role === 'ADMIN' ? null : user.banned ? (
          <Button
            size="sm"
            variant="secondary"
            disabled={actions.unbanning}
            aria-label={`${t.unban}: ${fullName(user)}`}
            onClick={() => actions.onUnban(user)}
          >
            {t.unban}
          </Button>
        ) : (
          <Button
            size="sm"
            variant="danger"
            aria-label={`${t.ban}: ${fullName(user)}`}
            onClick={() => actions.onBan(user)}
          >
            {t.ban}
          </Button>
        ),
    },
  ];
}

type ToolbarProps = {
  typed: string;
  onType: (typed: string) => void;
  filters: AdminUsersFilters;
  onFilters: (change: (filters: AdminUsersFilters) => AdminUsersFilters) => void;
};

function UsersToolbar({ typed, onType, filters, onFilters }: ToolbarProps) {
  const t = es.admin.users;
  return (
    <search className={styles.toolbar}>
      <label className={`${styles.inlineField} ${styles.grow}`}>
        <span>{t.search}</span>
        <input
          type="search"
          className={styles.input}
          placeholder={t.searchPlaceholder}
          value={typed}
          onChange={(event) => onType(event.target.value)}
        />
      </label>
      <label className={styles.inlineField}>
        <span>{t.role}</span>
        <select
          className={styles.select}
          value={filters.role}
          onChange={(event) => onFilters((f) => ({ ...f, role: event.target.value as Role | '', page: 1 }))}
        >
          <option value="">{t.allRoles}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {t.roles[role]}
            </option>
          ))}
        </select>
      </label>
      <label className={styles.inlineField}>
        <span>{t.state}</span>
        <select
          className={styles.select}
          value={filters.state}
          onChange={(event) =>
            onFilters((f) => ({ ...f, state: event.target.value as UserState | '', page: 1 }))
          }
        >
          <option value="">{t.allStates}</option>
          {USER_STATES.map((state) => (
            <option key={state} value={state}>
              {t.states[state]}
            </option>
          ))}
        </select>
      </label>
    </search>
  );
}

/** 'Usuarios': search by name or mail, filter by role and state, ban with a reason or unban. */
export function UsersPage() {
  const t = es.admin.users;
  const [typed, setTyped] = useState('');
  const [filters, setFilters] = useState<AdminUsersFilters>({
    search: '',
    role: '',
    state: '',
    sort: 'createdAt',
    order: 'desc',
    page: 1,
  });
  // the search waits for a pause in typing, so each letter does not cost a request
  useEffect(() => {
    const timer = setTimeout(() => setFilters((f) => ({ ...f, search: typed, page: 1 })), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const users = useAdminUsers(filters);
  const ban = useBanUser();
  const unban = useUnbanUser();
  const [banning, setBanning] = useState<AdminUser | null>(null);

  const columns = userColumns({
    unbanning: unban.isPending,
    onBan: setBanning,
    onUnban: (user) =>
      unban.mutate(user.id, {
        onSuccess: () => toast.success(t.unbanned(fullName(user))),
        onError: (error) => toast.error(failure(error)),
      }),
  });

  return (
    <section className={styles.page}>
      <SectionHeading title={es.admin.sections.users} lead={es.admin.leads.users} />
      <UsersToolbar typed={typed} onType={setTyped} filters={filters} onFilters={setFilters} />
      {!users.data ? (
        <QueryState isError={users.isError} onRetry={() => void users.refetch()} />
      ) : users.data.rows.length === 0 ? (
        <p className={styles.empty}>{t.empty}</p>
      ) : (
        <>
          <DataTable
            caption={es.admin.sections.users}
            columns={columns}
            rows={users.data.rows}
            rowKey={(user) => user.id}
            sort={{ key: filters.sort, order: filters.order }}
            onSort={(key) =>
              setFilters((f) => {
                const next = nextSort(
                  { key: f.sort, order: f.order },
                  key,
                  key === 'name' || key === 'mail' ? 'asc' : 'desc',
                );
                return { ...f, sort: next.key, order: next.order, page: 1 };
              })
            }
          />
          <Pager meta={users.data.meta} onPage={(page) => setFilters((f) => ({ ...f, page }))} />
        </>
      )}
      <ReasonDialog
        open={banning !== null}
        onOpenChange={(open) => {
          if (!open) {
            setBanning(null);
            ban.reset();
          }
        }}
        title={banning ? t.banTitle(fullName(banning)) : ''}
        description={t.banText}
        required={false}
        confirmLabel={t.ban}
        pending={ban.isPending}
        error={ban.error ? failure(ban.error) : undefined}
        onConfirm={(reason) => {
          if (!banning) return;
          const name = fullName(banning);
          ban.mutate(
            { id: banning.id, reason: reason || undefined },
            {
              onSuccess: () => {
                toast.success(t.banned(name));
                setBanning(null);
              },
            },
          );
        }}
      />
    </section>
  );
}
