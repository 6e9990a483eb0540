import { Tag } from 'antd';
import './vip-tag.css';

/** A VIP level as a tag whose colour climbs with the level (silver, green, blue, purple, gold, red-gold). */
export const VipTag = ({ level }: { level: number }) => <Tag className={`vip-tag vip-tag-${level}`}>VIP{level}</Tag>;
