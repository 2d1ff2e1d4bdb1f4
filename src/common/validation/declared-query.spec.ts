import { Controller, Get, Param, Query } from '@nestjs/common';
import { declaredQuery, emptyParameters, EMPTY_PARAMETER, NOT_ALLOWED, undeclaredParameters } from './declared-query';

class ThingsQuery {
  sku?: string;
}

@Controller('things')
class ThingsController {
  @Get()
  list(@Query() q: ThingsQuery) {
    return q;
  }

  @Get(':id')
  one(@Param('id') id: string) {
    return id;
  }

  @Get('named')
  named(@Query('after') after: string, @Query('limit') limit: string) {
    return [after, limit];
  }

  @Get('untyped')
  untyped(@Query() q: any) {
    return String(q);
  }
}

describe('declaredQuery', () => {
  const of = (method: keyof ThingsController) => declaredQuery(ThingsController, { name: method });

  it('is the DTO class of a whole-query parameter', () => {
    expect(of('list')).toEqual({ dto: ThingsQuery });
  });

  it('is no name at all for a route without @Query, and the names a route reads one by one', () => {
    expect(of('one')).toEqual({ names: new Set() });
    expect(of('named')).toEqual({ names: new Set(['after', 'limit']) });
  });

  it('declares nothing for a whole query without a class: nothing would validate it', () => {
    expect(of('untyped')).toEqual({ names: new Set() });
  });
});

describe('undeclaredParameters', () => {
  it('names every parameter the route does not take', () => {
    expect(undeclaredParameters({ warehouse_id: 'x', after: 'y', '__proto__[a]': '1' }, new Set(['after']))).toEqual([
      { field: 'warehouse_id', message: NOT_ALLOWED },
      { field: '__proto__[a]', message: NOT_ALLOWED },
    ]);
    expect(undeclaredParameters({}, new Set())).toEqual([]);
  });
});

describe('emptyParameters', () => {
  it('names each empty value, also among repeated ones', () => {
    expect(emptyParameters({ sku: '', barcode: 'x', status: ['a', ''], page: undefined })).toEqual([
      { field: 'sku', message: EMPTY_PARAMETER },
      { field: 'status', message: EMPTY_PARAMETER },
    ]);
  });

  it('checks a parameter read by name, and passes what is not empty', () => {
    expect(emptyParameters('', 'after')).toEqual([{ field: 'after', message: EMPTY_PARAMETER }]);
    expect(emptyParameters('0', 'after')).toEqual([]);
    expect(emptyParameters(undefined, 'after')).toEqual([]);
    expect(emptyParameters(undefined)).toEqual([]);
  });
});
