import { Double, Varchar } from '../common/typed-columns';

/**
 * A place's address and position, one column group embedded where a place is kept (a scheduled
 * stop, where the cart is): `address`, `latitude`, `longitude`, each null while unknown.
 */
export class PlaceColumns {
  @Varchar(500, { nullable: true }) address: string | null;
  @Double({ nullable: true }) latitude: number | null;
  @Double({ nullable: true }) longitude: number | null;
}
