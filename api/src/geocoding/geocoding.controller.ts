import { geocodeInitSchema, geocodeQuerySchema, type GeocodeResult, type GeocodeTestResult } from '@cocoa/shared-types';
import { Body, Controller, Get, Header, Query } from '@nestjs/common';
import { AdminOnly, AdminPost } from '../common/auth.guards';
import { createZodDto } from '../common/zod-validation.pipe';
import { GeocodingService } from './geocoding.service';

class GeocodeQueryDto extends createZodDto(geocodeQuerySchema) {}
class GeocodeInitDto extends createZodDto(geocodeInitSchema) {}

/** Admin-only: the location form geocodes the address before saving. */
@Controller('geocode')
export class GeocodingController {
  constructor(private readonly geocoding: GeocodingService) {}

  @Get()
  @AdminOnly()
  @Header('Cache-Control', 'no-store')
  async geocode(@Query() query: GeocodeQueryDto): Promise<GeocodeResult> {
    const found = await this.geocoding.geocode(query.address);
    return { lat: found.lat, lng: found.lng };
  }

  @Get('test')
  @AdminOnly()
  @Header('Cache-Control', 'no-store')
  async test(@Query() query: GeocodeQueryDto): Promise<GeocodeTestResult> {
    return this.geocoding.toTestResult(await this.geocoding.geocode(query.address));
  }

  @AdminPost('init')
  init(@Body() body: GeocodeInitDto): Promise<{ provider: 'nominatim' | 'google' }> {
    return this.geocoding.setGoogleKey(body.apiKey);
  }
}
