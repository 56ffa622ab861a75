/// What a Supabase project's database has before any app table, as far as the fake models it:
/// the three API roles and `auth.uid()`.
///
/// - Roles: `anon` and `authenticated` (RLS applies), `service_role` with `BYPASSRLS` — the roles
///   PostgREST switches to from the JWT's `role` claim (Supabase docs, "Postgres Roles").
/// - `auth.uid()`: Supabase's definition reads the `sub` claim from `request.jwt.claim.sub` (PostgREST
///   before v9) or from the JSON in `request.jwt.claims` (v9 and later), e.g. the auth server's
///   migration `20221208132122_backfill_email_last_sign_in_at.up.sql` era text mirrored in
///   statisticsnorway/statbus `doc/db/function/auth_uid().md` and supabase docker `volumes/db/jwt.sql`:
///   `coalesce(nullif(current_setting('request.jwt.claim.sub', true), ''),
///   (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub'))::uuid`.
public enum SupabaseBootstrapScript {
    /// Roles are cluster-wide: created once, tolerating an earlier run.
    public static let roles = """
        do $$ begin
          if not exists (select from pg_roles where rolname = 'anon') then create role anon nologin noinherit; end if;
          if not exists (select from pg_roles where rolname = 'authenticated') then create role authenticated nologin noinherit; end if;
          if not exists (select from pg_roles where rolname = 'service_role') then create role service_role nologin noinherit bypassrls; end if;
        end $$;
        """

    /// Per database: the `auth` schema with `auth.uid()`, usable by the API roles.
    public static let auth = """
        create schema if not exists auth;
        create or replace function auth.uid() returns uuid language sql stable as $$
          select coalesce(
            nullif(current_setting('request.jwt.claim.sub', true), ''),
            (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
          )::uuid
        $$;
        grant usage on schema auth to anon, authenticated, service_role;
        grant usage on schema public to anon, authenticated, service_role;
        """
}
