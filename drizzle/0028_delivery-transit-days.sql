-- Custom SQL migration file, put your code below! ---- Decision 034: the shipping settings' windows in India became days in transit after the production days
-- (ready-made: readyDispatchDays). Stored windows counted from the order lose the days to dispatch, so
-- every ready-made promise stays the same (the old defaults 7-14 and 3-5 become 5-12 and 1-3).
UPDATE "shop_settings" AS s
SET "settings" = jsonb_set(
  s."settings",
  '{shipping}',
  (s."settings" -> 'shipping') || jsonb_strip_nulls(jsonb_build_object(
    'standardDaysMin', CASE WHEN jsonb_typeof(s."settings" -> 'shipping' -> 'standardDaysMin') = 'number'
      THEN to_jsonb(greatest(1, (s."settings" -> 'shipping' ->> 'standardDaysMin')::int - coalesce((s."settings" -> 'shipping' ->> 'readyDispatchDays')::int, 2))) END,
    'standardDaysMax', CASE WHEN jsonb_typeof(s."settings" -> 'shipping' -> 'standardDaysMax') = 'number'
      THEN to_jsonb(greatest(1, (s."settings" -> 'shipping' ->> 'standardDaysMax')::int - coalesce((s."settings" -> 'shipping' ->> 'readyDispatchDays')::int, 2))) END,
    'expressDaysMin', CASE WHEN jsonb_typeof(s."settings" -> 'shipping' -> 'expressDaysMin') = 'number'
      THEN to_jsonb(greatest(1, (s."settings" -> 'shipping' ->> 'expressDaysMin')::int - coalesce((s."settings" -> 'shipping' ->> 'readyDispatchDays')::int, 2))) END,
    'expressDaysMax', CASE WHEN jsonb_typeof(s."settings" -> 'shipping' -> 'expressDaysMax') = 'number'
      THEN to_jsonb(greatest(1, (s."settings" -> 'shipping' ->> 'expressDaysMax')::int - coalesce((s."settings" -> 'shipping' ->> 'readyDispatchDays')::int, 2))) END
  ))
)
WHERE jsonb_typeof(s."settings" -> 'shipping') = 'object';
