import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useEffect, useState } from 'react';
import type { AttributeSubtype } from '../attribute-definitions';
import { useUnitValue } from './unit-value';

export type UnitNumberFieldProps = Omit<TextFieldProps, 'value' | 'onChange'> & {
  /** Stored value in base units (knots, metres, litres). */
  value: number;
  subtype?: AttributeSubtype;
  onChange(value: number): void;
};

const display = (value: number) => String(Number(value.toFixed(6)));

/** A number shown and typed in the user's unit, stored in the base unit. */
export const UnitNumberField = ({ value, subtype, onChange, ...props }: UnitNumberFieldProps) => {
  const unit = useUnitValue(subtype);
  const [text, setText] = useState(display(unit.show(value)));
  const shown = unit.show(value);

  // follow outside changes (a reset to 0, a unit change) without fighting the user's typing
  useEffect(() => {
    setText((current) => (Number(current) === Number(display(shown)) ? current : display(shown)));
  }, [shown]);

  return (
    <TextField
      {...props}
      type="number"
      value={text}
      onChange={(event) => {
        setText(event.target.value);
        const parsed = Number(event.target.value);
        if (event.target.value.trim() !== '' && Number.isFinite(parsed)) onChange(unit.store(parsed));
      }}
      slotProps={{ ...props.slotProps, input: unit.suffix ? { endAdornment: <InputAdornment position="end">{unit.suffix}</InputAdornment> } : undefined }}
    />
  );
};
