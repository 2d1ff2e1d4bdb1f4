import { Module } from '@nestjs/common';
import { SearchController } from './search.controller';
import { SearchService } from './search.service';

/** GET /search (docs/api.md 21): one box for the till and Ctrl+K, over the other modules' tables. */
@Module({
  controllers: [SearchController],
  providers: [SearchService],
})
export class SearchModule {}
