import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex, Popconfirm, Typography } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';

import {
  CHANNEL_PRODUCT_SYNC_STATUS,
  channelQuantity,
  PRODUCT_LISTING_FILTER,
  routes,
  SUCCESS_MESSAGES,
  TIKTOK_PRODUCT_FILTER,
  type ChannelDto,
  type ChannelProductDto,
  type ProductDetailDto,
} from '@syncdesk/contracts';
import {
  errorNotificationText,
  formatDate,
  formatMoney,
  isApiError,
  notifySuccess,
  PageHeader,
  RecordLoadState,
  StatusTag,
  useRecord,
} from '@syncdesk/web-kit';

import { ChannelChooser } from '../couriers/ChannelChooser';
import { channelSubtitle, useRouteChannel } from '../couriers/useRouteChannel';
import { useCan } from '../hooks/useCan';
import { getChannelProduct, pushStockLevel, setChannelProductMatch } from './channel-products.api';
import { matchedSkuCell, targetQuantityText } from './ChannelProductListPage';
import { isTiktokChannel } from './listing-filters';
import { ProductSkuSelect } from './ProductSkuSelect';
import { StockPushHistory } from './StockPushHistory';
import { getStoreProduct } from './store-products.api';
import { useCatalogueRefresh } from './useCatalogueRefresh';

/** `/stores/{storeId}/channels/{channelId?}/products/{productId}`: one listing of a sales channel. */
export function ChannelProductDetailPage() {
  const { storeId = '', channelId, productId = '' } = useParams();
  if (!channelId) {
    return (
      <ChannelChooser
        title="Channel products"
        storeId={storeId}
        routeFor={(id) => routes.channelProducts(storeId, id)}
      />
    );
  }
  return (
    <ChannelProductDetail
      key={`${channelId}/${productId}`}
      storeId={storeId}
      channelId={channelId}
      productId={productId}
    />
  );
}

/** The outcome of the last "Push stock now", in the server's words. */
type PushOutcome = { ok: boolean; text: string } | null;

function ChannelProductDetail({
  storeId,
  channelId,
  productId,
}: {
  storeId: string;
  channelId: string;
  productId: string;
}) {
  const { channel, failed: channelFailed } = useRouteChannel();
  const navigate = useNavigate();
  const can = useCan();
  const mayUpdate = can('products.update');
  // Bumped to load the listing again (after a change here, or one the server announces).
  const [version, setVersion] = useState(0);
  const reload = useCallback(() => setVersion((current) => current + 1), []);
  const load = useCallback(
    (id: string) => getChannelProduct(storeId, channelId, id),
    // `version` is a dependency on purpose: a new loader makes useRecord fetch again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [storeId, channelId, version],
  );
  const { record: listing, setRecord: setListing, failed } = useRecord(productId, load);
  const product = useMatchedProduct(storeId, listing?.product_id ?? null, version);
  const [pushing, setPushing] = useState(false);
  const [pushOutcome, setPushOutcome] = useState<PushOutcome>(null);

  useCatalogueRefresh(
    {
      storeId,
      subject: 'channel_products',
      channelId,
      ids: listing ? [listing.id] : undefined,
      stockConcerns: (productIds) => listing?.product_id != null && productIds.includes(listing.product_id),
    },
    reload,
  );

  const list = routes.channelProducts(storeId, channelId);
  const back = <Button onClick={() => void navigate(list)}>Back to channel products</Button>;
  if (failed || !listing)
    return <RecordLoadState title="Channel product" noun="listing" actions={back} failed={failed} />;

  const pushNow = async () => {
    setPushing(true);
    setPushOutcome(null);
    try {
      const pushed = await pushStockLevel(storeId, channelId, listing.id);
      setPushOutcome({
        ok: true,
        text: pushed.message ?? 'The stock push has been queued for this listing.',
      });
      if (pushed.listing) setListing(pushed.listing);
      else reload();
    } catch (error) {
      // The api client has notified it too; the reason stays shown beside the button.
      setPushOutcome({
        ok: false,
        text: (isApiError(error) && errorNotificationText(error)) || 'The stock could not be pushed.',
      });
    } finally {
      setPushing(false);
    }
  };

  const tiktok = isTiktokChannel(channel);
  const dash = <Typography.Text type="secondary">—</Typography.Text>;

  return (
    <>
      <PageHeader
        title={listing.title ?? listing.channel_product_id}
        subtitle={channelSubtitle(channel, channelFailed)}
        actions={
          <>
            {back}
            {mayUpdate ? (
              <Button type="primary" loading={pushing} onClick={() => void pushNow()}>
                Push stock now
              </Button>
            ) : null}
          </>
        }
      />
      <Flex vertical gap={16}>
        {pushOutcome ? (
          <Alert
            type={pushOutcome.ok ? 'success' : 'error'}
            showIcon
            closable={{ onClose: () => setPushOutcome(null) }}
            title={pushOutcome.text}
          />
        ) : null}
        <Card title="Listing">
          <Descriptions column={{ xs: 1, md: 2 }} size="small">
            <Descriptions.Item label="Listing ID">{listing.channel_product_id}</Descriptions.Item>
            <Descriptions.Item label="SKU">{listing.sku ?? dash}</Descriptions.Item>
            <Descriptions.Item label="Remote SKU">{listing.remote_sku ?? dash}</Descriptions.Item>
            <Descriptions.Item label="Title">{listing.title ?? dash}</Descriptions.Item>
            <Descriptions.Item label="Price">{formatMoney(listing.price) || dash}</Descriptions.Item>
            <Descriptions.Item label="Listing status">
              {tiktok ? (
                <StatusTag vocabulary={TIKTOK_PRODUCT_FILTER} value={listing.tiktok_status} />
              ) : (
                <StatusTag vocabulary={PRODUCT_LISTING_FILTER} value={listing.listing_status} />
              )}
            </Descriptions.Item>
            <Descriptions.Item label="Sync status">
              <StatusTag vocabulary={CHANNEL_PRODUCT_SYNC_STATUS} value={listing.sync_status} />
            </Descriptions.Item>
            <Descriptions.Item label="Updated">{formatDate(listing.updated_at)}</Descriptions.Item>
          </Descriptions>
        </Card>
        <MatchCard
          storeId={storeId}
          channelId={channelId}
          listing={listing}
          mayUpdate={mayUpdate}
          onSaved={(saved) => {
            setListing(saved);
            reload();
          }}
        />
        <StockCard listing={listing} product={product} channel={channel} />
        <StockPushHistory
          storeId={storeId}
          channelId={channelId}
          listingId={listing.id}
          channelName={channel?.provider ?? 'the channel'}
        />
      </Flex>
    </>
  );
}

/** The matched product's detail (its per-channel figures), reloaded with the listing. */
function useMatchedProduct(storeId: string, productId: number | null, version: number) {
  const [product, setProduct] = useState<ProductDetailDto | null>(null);
  useEffect(() => {
    if (productId === null) {
      setProduct(null);
      return undefined;
    }
    let active = true;
    getStoreProduct(storeId, productId)
      .then((loaded) => active && setProduct(loaded))
      .catch(() => active && setProduct(null));
    return () => {
      active = false;
    };
  }, [storeId, productId, version]);
  return product?.id === productId ? product : null;
}

interface MatchCardProps {
  storeId: string;
  channelId: string;
  listing: ChannelProductDto;
  mayUpdate: boolean;
  onSaved(listing: ChannelProductDto): void;
}

/** Which product of the store this listing sells, chosen by hand; Unmatch stops its stock updates. */
function MatchCard({ storeId, channelId, listing, mayUpdate, onSaved }: MatchCardProps) {
  const [choice, setChoice] = useState<string | undefined>(undefined);
  const [saving, setSaving] = useState(false);

  const save = async (matchedSku: string | null) => {
    setSaving(true);
    try {
      const saved = await setChannelProductMatch(storeId, channelId, listing.id, matchedSku);
      notifySuccess(SUCCESS_MESSAGES.updated);
      setChoice(undefined);
      onSaved(saved);
    } catch {
      // Notified by the api client's error handler (an unknown SKU answers 422).
    } finally {
      setSaving(false);
    }
  };

  const matched = listing.product_id !== null;
  return (
    <Card title="Matched product">
      <Flex vertical gap={12} style={{ maxWidth: 560 }}>
        <div>{matchedSkuCell(storeId, listing.product_id, listing.matched_sku)}</div>
        {!matched ? (
          <Typography.Text type="secondary">
            An unmatched listing is not told any stock. Match it to the product it sells.
          </Typography.Text>
        ) : null}
        {mayUpdate ? (
          <>
            <Typography.Text id="match-product-label">
              {matched ? 'Match to another product' : 'Match to a product'}
            </Typography.Text>
            <ProductSkuSelect
              storeId={storeId}
              aria-labelledby="match-product-label"
              value={choice}
              disabled={saving}
              onChange={(sku) => setChoice(sku)}
            />
            <Flex gap={8}>
              <Button
                type="primary"
                disabled={!choice}
                loading={saving}
                onClick={() => void save(choice ?? null)}
              >
                Match
              </Button>
              {matched ? (
                <Popconfirm
                  title="Unmatch this listing?"
                  description="The channel is no longer told this product's stock."
                  okText="Unmatch"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => save(null)}
                >
                  <Button danger disabled={saving}>
                    Unmatch
                  </Button>
                </Popconfirm>
              ) : null}
            </Flex>
          </>
        ) : null}
      </Flex>
    </Card>
  );
}

/**
 * What the channel will be told and why: the matched product's own per-channel figure from the
 * server, or, while that is not there, the same stock rules applied to the channel's settings.
 */
function StockCard({
  listing,
  product,
  channel,
}: {
  listing: ChannelProductDto;
  product: ProductDetailDto | null;
  channel: ChannelDto | null;
}) {
  const explanation = explanationOf(listing, product, channel);
  return (
    <Card title="Stock">
      <Descriptions column={{ xs: 1, md: 2 }} size="small">
        <Descriptions.Item label="Will be told">
          {targetQuantityText(listing.target_quantity)}
        </Descriptions.Item>
        <Descriptions.Item label="Channel quantity">{listing.quantity ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Pushed quantity">{listing.pushed_quantity ?? '—'}</Descriptions.Item>
        <Descriptions.Item label="Pushed at">{formatDate(listing.pushed_at) || '—'}</Descriptions.Item>
        {product ? (
          <Descriptions.Item label="Product">
            <Link to={routes.productDetail(listing.store_id, product.id)}>
              {product.sku} · {product.title}
            </Link>{' '}
            ({product.available} available)
          </Descriptions.Item>
        ) : null}
      </Descriptions>
      {explanation.length > 0 ? (
        <div aria-label="How the quantity is worked out" role="list" style={{ marginTop: 12 }}>
          {explanation.map((line) => (
            <div role="listitem" key={line}>
              <Typography.Text type="secondary">{line}</Typography.Text>
            </div>
          ))}
        </div>
      ) : null}
    </Card>
  );
}

function explanationOf(
  listing: ChannelProductDto,
  product: ProductDetailDto | null,
  channel: ChannelDto | null,
): string[] {
  if (listing.product_id === null) return ['Not told: this listing is not matched to a product.'];
  if (!product) return [];
  const figure = product.channel_quantities.find((entry) => entry.channel_id === listing.channel_id);
  if (figure) return figure.explanation;
  return channel
    ? channelQuantity(product.available, channel.settings, product.auto_sync_stock).explanation
    : [];
}
