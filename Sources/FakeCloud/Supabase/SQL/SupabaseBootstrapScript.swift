/// What a Supabase project's database has before any app table, as far as the fake models it:
/// the three API roles and `auth.uid()`.
///
/// - Roles: `anon` and `authenticated` (RLS applies), `service_role`, which bypasses RLS — the roles
///   the project's keys and user tokens name in their `role` claim (Supabase docs, "Understanding
///   API Keys"), which PostgREST switches to with `SET LOCAL ROLE` (PostgREST docs, "Overview of
///   Role System").
/// - `auth.uid()`: reads the `sub` claim from `request.jwt.claim.sub` (what PostgREST before v9 set;
///   the original form in netlify/gotrue `migrations_postgres/20210611130740_create_uid_functions
///   .postgres.up.sql`) or else from the JSON in `request.jwt.claims` (PostgREST v9 and later). The
///   text below is the coalescing definition deployed Supabase databases carry, as quoted in
///   statisticsnorway/statbus `doc/db/function/auth_uid().md` and the self-hosting volume
///   `volumes/db/jwt.sql` (m41na/payment-agent). The differential sets both settings.
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
