import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';

/** The data source is opened and migrated before Nest starts; TypeORM's integration closes it at shutdown. */
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
