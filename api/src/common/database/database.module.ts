import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** Hands the already opened and migrated data source to TypeORM's Nest integration, which closes it at shutdown. */
@Module({})
export class DatabaseModule {
  static register(dataSource: DataSource): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          useFactory: () => dataSource.options,
          dataSourceFactory: async () => dataSource,
        }),
      ],
    };
  }
}
