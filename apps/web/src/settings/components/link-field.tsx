import { Autocomplete, TextField } from '@mui/material';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { linkPermission, unlinkPermission } from '../../api/permissions';
import { resourceListQuery, type ListParams, type ResourceName, type ResourceTypes } from '../../api/resource-api';
import { useCatch } from '../../common/use-catch';

export interface LinkFieldProps<N extends ResourceName> {
  label: string;
  /** What can be linked. */
  resource: N;
  allParams?: ListParams;
  /** The base side of the link, e.g. { deviceId: 5 }. */
  base: Record<string, number>;
  /** The linked key, e.g. geofenceId. */
  linkKey: string;
  titleOf?(item: ResourceTypes[N]): string;
}

const defaultTitle = (item: object) => String((item as { name?: string }).name ?? (item as { description?: string }).description ?? (item as { id: number }).id);

/** A multiple choice whose every change is one permission call per added or removed item. */
export const LinkField = <N extends ResourceName>({ label, resource, allParams, base, linkKey, titleOf = defaultTitle }: LinkFieldProps<N>) => {
  const { t } = useTranslation();
  const client = useQueryClient();
  const all = useQuery(resourceListQuery(resource, allParams));
  const linkedQuery = resourceListQuery(resource, base);
  const linked = useQuery(linkedQuery);
  const linkedIds = new Set((linked.data ?? []).map((item) => item.id));
  const options = all.data ?? [];

  const change = useCatch(async (chosen: ResourceTypes[N][]) => {
    const chosenIds = new Set(chosen.map((item) => item.id));
    const added = chosen.filter((item) => !linkedIds.has(item.id));
    const removed = [...linkedIds].filter((id) => !chosenIds.has(id));
    try {
      for (const item of added) await linkPermission({ ...base, [linkKey]: item.id });
      for (const id of removed) await unlinkPermission({ ...base, [linkKey]: id });
    } finally {
      await client.invalidateQueries({ queryKey: linkedQuery.queryKey });
    }
  });

  return (
    <Autocomplete
      multiple
      options={options}
      value={options.filter((item) => linkedIds.has(item.id))}
      loading={all.isPending || linked.isPending}
      disabled={linked.isPending}
      getOptionLabel={titleOf}
      isOptionEqualToValue={(option, value) => option.id === value.id}
      onChange={(_, chosen) => change(chosen)}
      noOptionsText={t('sharedNoData')}
      renderInput={(params) => <TextField {...params} label={label} />}
    />
  );
};
