-- jobs/assoc.go and jobs/outbox.go: an article's labels, which no unique
-- key holds to the article (a plain index), and its one summary (a
-- unique key on the reference).
create table if not exists articles (
    id bigserial primary key,
    title text
);

create table if not exists article_labels (
    id bigserial primary key,
    article_id bigint not null,
    name text not null
);
create index if not exists idx_article_labels_article_id on article_labels (article_id);

create table if not exists article_summaries (
    id bigserial primary key,
    article_id bigint not null,
    text text not null
);
create unique index if not exists idx_article_summaries_article_id on article_summaries (article_id);
