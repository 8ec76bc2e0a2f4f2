import type { AttributeSubtype } from './attribute-definitions';
import { useUnitValue } from './components/unit-value';

/** A maintenance start or period shown in the user's unit, with the unit after it. */
export const MaintenanceValue = ({ value, subtype }: { value: number; subtype: AttributeSubtype | undefined }) => {
  const unit = useUnitValue(subtype);
  const shown = Number(unit.show(value).toFixed(2));
  return <>{unit.suffix ? `${shown} ${unit.suffix}` : shown}</>;
};
