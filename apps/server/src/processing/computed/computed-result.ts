import type { ComputedAttribute } from '@tracklane/domain';
import type { PipelinePosition } from '../pipeline-position.js';
import { isNumeric, JexlError, stringify, toDouble, toJson, typeName, type JexlValue } from './jexl-values.js';

type NumericField = 'latitude' | 'longitude' | 'altitude' | 'speed' | 'course' | 'accuracy';
const NUMERIC_FIELDS: ReadonlySet<string> = new Set<NumericField>(['latitude', 'longitude', 'altitude', 'speed', 'course', 'accuracy']);

const wrongType = (value: JexlValue, expected: string) => new JexlError(`result ${typeName(value)} is not ${expected}`);

/**
 * The value of a non-null result as its attribute's type says: `number` keeps the number as it is
 * (250 stays an integer), `boolean` needs a boolean, anything else is the result's string form.
 * This is also what `POST /api/attributes/computed/test` answers.
 */
export const typedResult = (attribute: Pick<ComputedAttribute, 'type'>, value: Exclude<JexlValue, null>): number | boolean | string => {
  switch (attribute.type) {
    case 'number': {
      if (!isNumeric(value)) throw wrongType(value, 'a number');
      const number = toJson(value) as number;
      if (!Number.isFinite(number)) throw new JexlError(`result ${stringify(value)} is not a finite number`);
      return number;
    }
    case 'boolean':
      if (typeof value !== 'boolean') throw wrongType(value, 'a boolean');
      return value;
    default:
      return stringify(value);
  }
};

/**
 * Stores a result on the position (reference/processing.md §6): null removes the attribute; the
 * targets valid, latitude, longitude, altitude, speed, course, address and accuracy set the field;
 * anything else sets the attribute. A result of the wrong type throws and changes nothing.
 */
export const applyResult = (position: PipelinePosition, attribute: Pick<ComputedAttribute, 'attribute' | 'type'>, value: JexlValue): void => {
  const target = attribute.attribute;
  if (value === null) {
    if (Object.hasOwn(position.attributes, target)) delete position.attributes[target];
    return;
  }
  if (target === 'valid') {
    if (typeof value !== 'boolean') throw wrongType(value, 'a boolean');
    position.valid = value;
  } else if (NUMERIC_FIELDS.has(target)) {
    if (!isNumeric(value)) throw wrongType(value, 'a number');
    const number = toDouble(value);
    if (!Number.isFinite(number)) throw new JexlError(`result ${stringify(value)} is not a finite number`);
    position[target as NumericField] = number;
  } else if (target === 'address') {
    if (typeof value !== 'string') throw wrongType(value, 'a string');
    position.address = value;
  } else {
    // defined rather than assigned, so a target named __proto__ stays an ordinary key
    Object.defineProperty(position.attributes, target, { value: typedResult(attribute, value), enumerable: true, writable: true, configurable: true });
  }
};
