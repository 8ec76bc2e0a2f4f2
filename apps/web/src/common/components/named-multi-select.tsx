import { Autocomplete, TextField } from '@mui/material';

export interface NamedMultiSelectProps<T extends { id: number; name: string }> {
  label: string;
  options: T[];
  value: number[];
  onChange(ids: number[]): void;
  minWidth?: number;
}

/** Choose several named items (devices, groups) by id. */
export const NamedMultiSelect = <T extends { id: number; name: string }>({ label, options, value, onChange, minWidth = 200 }: NamedMultiSelectProps<T>) => (
  <Autocomplete
    multiple
    sx={{ minWidth }}
    options={options}
    value={options.filter((option) => value.includes(option.id))}
    getOptionLabel={(option) => option.name}
    isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
    onChange={(_, chosen) => onChange(chosen.map((option) => option.id))}
    renderInput={(params) => <TextField {...params} label={label} />}
  />
);
