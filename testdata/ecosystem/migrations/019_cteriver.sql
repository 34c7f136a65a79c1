-- jobs/cteriver.go: imports claimed once per (source, ref) by a CTE.
create table cr_imports (source text not null, ref text not null, unique (source, ref));
create table cr_rows (ref text not null);
