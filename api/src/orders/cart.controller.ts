import { Controller, Delete, HttpCode, Query } from '@nestjs/common';
import { CartClearQueryDto } from './orders.dto';

/**
 * The cart lives in the browser; the server keeps no copy, so clearing it only
 * acknowledges a well-formed session id.
 */
@Controller('cart')
export class CartController {
  @Delete('clear')
  @HttpCode(204)
  clear(@Query() _query: CartClearQueryDto): void {}
}
