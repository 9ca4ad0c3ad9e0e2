-- Up Migration
-- DESIGN.md §6: a notification is read in the language of the page that reads it, so its words are kept in every
-- language: texts = {en: {title, body, url}, nl: {…}}. A row from before has its recipient's language only: those
-- words stand for both, its url pointing at the other language's page.
ALTER TABLE notifications ADD COLUMN texts jsonb;
UPDATE notifications SET texts = jsonb_build_object(
  'en', jsonb_build_object('title', title, 'body', body,
                           'url', regexp_replace(url, '^(/webapps/[a-z]+)/(en|nl)/', '\1/en/')),
  'nl', jsonb_build_object('title', title, 'body', body,
                           'url', regexp_replace(url, '^(/webapps/[a-z]+)/(en|nl)/', '\1/nl/')));
ALTER TABLE notifications ALTER COLUMN texts SET NOT NULL;
ALTER TABLE notifications DROP COLUMN title, DROP COLUMN body, DROP COLUMN url;

-- A notification's number among its account's (1, 2, …) is the id the api shows and the `after` cursor of the
-- list: the table's own id counts every notification of the platform, which would tell anyone how busy it is.
-- notification_numbers holds each account's last number; taking the next ones locks that row, so two notifier
-- transactions never give one account the same number.
ALTER TABLE notifications ADD COLUMN number bigint;
UPDATE notifications n SET number = ranked.number
FROM (SELECT id, row_number() OVER (PARTITION BY account_id ORDER BY id) AS number FROM notifications) ranked
WHERE ranked.id = n.id;
ALTER TABLE notifications ALTER COLUMN number SET NOT NULL;
DROP INDEX notifications_account;
CREATE UNIQUE INDEX notifications_account_number ON notifications (account_id, number DESC);

CREATE TABLE notification_numbers (
  account_id uuid PRIMARY KEY,
  last bigint NOT NULL
);
INSERT INTO notification_numbers (account_id, last)
SELECT account_id, max(number) FROM notifications GROUP BY account_id;

-- Down Migration
DROP TABLE notification_numbers;
DROP INDEX notifications_account_number;
CREATE INDEX notifications_account ON notifications (account_id, id DESC);
ALTER TABLE notifications DROP COLUMN number;
ALTER TABLE notifications ADD COLUMN title text, ADD COLUMN body text, ADD COLUMN url text;
UPDATE notifications SET title = texts -> 'en' ->> 'title', body = texts -> 'en' ->> 'body',
  url = texts -> 'en' ->> 'url';
ALTER TABLE notifications ALTER COLUMN title SET NOT NULL, ALTER COLUMN body SET NOT NULL,
  ALTER COLUMN url SET NOT NULL;
ALTER TABLE notifications DROP COLUMN texts;
