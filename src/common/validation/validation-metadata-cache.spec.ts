import 'reflect-metadata';
import { plainToInstance, Type } from 'class-transformer';
import { getMetadataStorage, IsInt, IsString, validate, ValidateNested } from 'class-validator';
import { cacheValidationMetadata } from './validation-metadata-cache';

class Line {
  @IsInt()
  quantity!: number;
}

class Order {
  @IsString()
  note!: string;

  @ValidateNested({ each: true })
  @Type(() => Line)
  items!: Line[];
}

/** `property:constraint` of every failure, nested ones included, sorted. */
async function failures(type: new () => object, plain: object): Promise<string[]> {
  const errors = await validate(plainToInstance(type, plain), { whitelist: true, forbidNonWhitelisted: true, forbidUnknownValues: true });
  const flat = (e: (typeof errors)[number]): string[] => [
    ...Object.keys(e.constraints ?? {}).map((c) => `${e.property}:${c}`),
    ...(e.children ?? []).flatMap(flat),
  ];
  return errors.flatMap(flat).sort();
}

const rulesOf = (type: new () => object) => getMetadataStorage().getTargetValidationMetadatas(type, '', true, false);

describe('cached validation metadata', () => {
  beforeAll(() => cacheValidationMetadata());

  it('validates every object as before: nested lines, unknown fields, repeated', async () => {
    for (let round = 0; round < 3; round++) {
      expect(await failures(Order, { note: 'n', items: [{ quantity: 1 }, { quantity: 2 }] })).toEqual([]);
      expect(await failures(Order, { note: 7, items: [{ quantity: 1 }, { quantity: 'x' }], extra: 1 })).toEqual([
        'extra:whitelistValidation',
        'note:isString',
        'quantity:isInt',
      ]);
    }
  });

  it('looks a class up once', () => {
    expect(rulesOf(Order)).toBe(rulesOf(Order));
    expect(getMetadataStorage().groupByPropertyName(rulesOf(Order))).toBe(getMetadataStorage().groupByPropertyName(rulesOf(Order)));
  });

  it('sees a rule registered after the first lookup', async () => {
    class Late {
      @IsString()
      name!: string;
      count!: number;
    }
    expect(await failures(Late, { name: 'a', count: 'x' })).toEqual(['count:whitelistValidation']);
    const before = rulesOf(Late);
    IsInt()(Late.prototype, 'count');
    expect(rulesOf(Late)).not.toBe(before);
    expect(await failures(Late, { name: 'a', count: 'x' })).toEqual(['count:isInt']);
  });

  it('sees a rule registered on a base class after its subclass was looked up', async () => {
    class Base {
      @IsString()
      note!: string;
      priority!: number;
    }
    class Special extends Base {
      @IsString()
      code!: string;
    }
    expect(await failures(Special, { note: 1, code: 2, priority: 1 })).toEqual(['code:isString', 'note:isString', 'priority:whitelistValidation']);
    IsInt()(Base.prototype, 'priority');
    expect(await failures(Special, { note: 'n', code: 'c', priority: 'high' })).toEqual(['priority:isInt']);
  });
});
